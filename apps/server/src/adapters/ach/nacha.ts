/**
 * NACHA file builder for credit entries (PPD consumer / CCD corporate; codes 22/32) and debit entries
 * (PPD recurring / WEB internet-authorized; codes 27/37 checking/savings): 94-character records —
 * file header (1), batch header (5), entry detail (6), batch control (8), file control (9) — and
 * filler records of nines to a multiple of ten records (blocking factor 10). Alphanumeric fields are
 * upper-case, left-justified and space-padded; numeric fields right-justified and zero-padded.
 */

export const RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;

/**
 * A return addenda record (type 7, addenda type code 99): what an RDFI attaches to the entry it sends
 * back. The entry carrying it uses code 21/31 (return of a credit) or 26/36 (return of a debit).
 */
export type NachaReturnAddenda = {
  /** R01…R85. */
  code: string;
  /** The trace number of the entry being returned (15 digits). */
  originalTrace: string;
  /** YYYY-MM-DD (R14/R15), otherwise absent. */
  dateOfDeath?: string | null;
  /** The original entry's receiving DFI (the first eight digits of its routing number). */
  originalRdfi: string;
  information?: string;
};

/**
 * A notification-of-change addenda (type 7, addenda type code 98) of a COR entry: the receiving bank's
 * corrected account information for an entry we sent (`correctedData` as NACHA lays it out per code).
 */
export type NachaCorrectionAddenda = {
  /** C01…C14. */
  changeCode: string;
  originalTrace: string;
  originalRdfi: string;
  correctedData: string;
};

export type NachaEntry = {
  /**
   * 22 checking credit, 32 savings credit, 27 checking debit, 37 savings debit; 21/31 the return of a
   * checking/savings credit, 26/36 the return of a checking/savings debit.
   */
  transactionCode: '22' | '32' | '27' | '37' | '21' | '31' | '26' | '36';
  routing: string;
  account: string;
  amountCents: number;
  individualId: string;
  individualName: string;
  /** WEB entries: payment type code in the discretionary data field, S single or R recurring. */
  paymentType?: 'S' | 'R';
  /** The entry's trace number (15 digits); by default the ODFI id + the entry's place in the file. */
  traceNumber?: string;
  /** A return entry's addenda (written as the entry's one addenda record). */
  returnAddenda?: NachaReturnAddenda;
  /** A notification of change's addenda (entries of a COR batch, amount zero). */
  correctionAddenda?: NachaCorrectionAddenda;
};

/** Debit family: codes ending 5–9 (27/37 debits, 26/36 returns of debits); credits end 0–4. */
export const isDebitCode = (code: string): boolean => /^[2-5][5-9]$/.test(code);
const isDebit = (code: NachaEntry['transactionCode']): boolean => isDebitCode(code);

/** Service class: 220 credits only, 225 debits only, 200 mixed. */
export function serviceClassCode(entries: readonly NachaEntry[]): '200' | '220' | '225' {
  const debits = entries.filter((e) => isDebit(e.transactionCode)).length;
  if (debits === 0) return '220';
  return debits === entries.length ? '225' : '200';
}

export type NachaBatch = {
  /** COR: notifications of change (what a receiving bank sends back; built here for tests and the simulator). */
  secCode: 'PPD' | 'CCD' | 'WEB' | 'COR';
  companyName: string;
  companyId: string;
  entryDescription: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  entries: NachaEntry[];
};

export type NachaFile = {
  /** The bank receiving the file (nine digits). */
  immediateDestination: string;
  destinationName: string;
  /** Our company / ODFI identification (nine or ten characters). */
  immediateOrigin: string;
  originName: string;
  /** The originating bank's routing number (nine digits; the first eight are the ODFI id). */
  odfiRouting: string;
  createdAt: Date;
  fileIdModifier?: string;
  referenceCode?: string;
  batches: NachaBatch[];
};

const alpha = (value: string, width: number): string =>
  value
    .toUpperCase()
    .replace(/[^ -~]/g, ' ')
    .slice(0, width)
    .padEnd(width, ' ');

const num = (value: number | bigint | string, width: number): string => {
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new RangeError(`NACHA numeric field must be digits: ${text}`);
  if (text.length > width) throw new RangeError(`NACHA numeric field ${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
};

const yymmdd = (iso: string): string => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** The ABA check digit rule: 3-7-1 weights over nine digits sum to a multiple of ten. */
export function isValidRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

function record(parts: string[]): string {
  const line = parts.join('');
  if (line.length !== RECORD_LENGTH) throw new Error(`NACHA record has ${line.length} characters: ${line}`);
  return line;
}

/** Builds the file's text: records joined by CRLF, ending in CRLF. */
export function buildNachaFile(file: NachaFile): string {
  if (!/^\d{9}$/.test(file.odfiRouting)) throw new RangeError('odfiRouting must be nine digits');
  const odfi = file.odfiRouting.slice(0, 8);
  const created = file.createdAt.toISOString();
  const lines: string[] = [];
  lines.push(
    record([
      '1',
      '01',
      ' ' + num(file.immediateDestination, 9),
      file.immediateOrigin.length === 10 ? alpha(file.immediateOrigin, 10) : ' ' + alpha(file.immediateOrigin, 9),
      yymmdd(created),
      created.slice(11, 13) + created.slice(14, 16),
      alpha(file.fileIdModifier ?? 'A', 1),
      '094',
      '10',
      '1',
      alpha(file.destinationName, 23),
      alpha(file.originName, 23),
      alpha(file.referenceCode ?? '', 8),
    ]),
  );

  let entryCount = 0;
  let fileHash = 0n;
  let fileCredit = 0n;
  let fileDebit = 0n;
  let trace = 0;
  file.batches.forEach((batch, i) => {
    const batchNumber = i + 1;
    const serviceClass = serviceClassCode(batch.entries);
    lines.push(
      record([
        '5',
        serviceClass,
        alpha(batch.companyName, 16),
        alpha('', 20),
        alpha(batch.companyId, 10),
        alpha(batch.secCode, 3),
        alpha(batch.entryDescription, 10),
        alpha('', 6),
        yymmdd(batch.effectiveDate),
        '   ', // settlement date: the ACH operator fills it
        '1',
        odfi,
        num(batchNumber, 7),
      ]),
    );
    let hash = 0n;
    let credit = 0n;
    let debit = 0n;
    for (const e of batch.entries) {
      if (!/^\d{9}$/.test(e.routing)) throw new RangeError('entry routing must be nine digits');
      if (batch.secCode === 'COR') {
        if (e.amountCents !== 0 || !e.correctionAddenda) throw new RangeError('a COR entry has a zero amount and a correction addenda');
      } else if (!Number.isSafeInteger(e.amountCents) || e.amountCents <= 0) throw new RangeError('entry amount must be positive cents');
      trace += 1;
      const entryTrace = e.traceNumber ?? odfi + num(trace, 7);
      if (!/^\d{15}$/.test(entryTrace)) throw new RangeError('entry trace number must be fifteen digits');
      const r = e.returnAddenda;
      const c = e.correctionAddenda;
      lines.push(
        record([
          '6',
          e.transactionCode,
          e.routing.slice(0, 8),
          e.routing.slice(8),
          alpha(e.account.replace(/\D/g, ''), 17),
          num(e.amountCents, 10),
          alpha(e.individualId, 15),
          alpha(e.individualName, 22),
          batch.secCode === 'WEB' ? alpha(e.paymentType ?? 'S', 2) : '  ',
          r || c ? '1' : '0',
          entryTrace,
        ]),
      );
      if (r) {
        lines.push(
          record([
            '7',
            '99',
            alpha(r.code, 3),
            num(r.originalTrace, 15),
            r.dateOfDeath ? yymmdd(r.dateOfDeath) : '      ',
            num(r.originalRdfi, 8),
            alpha(r.information ?? '', 44),
            entryTrace,
          ]),
        );
      }
      if (c) {
        lines.push(
          record([
            '7',
            '98',
            alpha(c.changeCode, 3),
            num(c.originalTrace, 15),
            ' '.repeat(6),
            num(c.originalRdfi, 8),
            alpha(c.correctedData, 29),
            ' '.repeat(15),
            entryTrace,
          ]),
        );
      }
      hash += BigInt(e.routing.slice(0, 8));
      if (isDebit(e.transactionCode)) debit += BigInt(e.amountCents);
      else credit += BigInt(e.amountCents);
    }
    const entryHash = hash % 10_000_000_000n;
    lines.push(
      record([
        '8',
        serviceClass,
        num(batch.entries.length + batch.entries.filter((e) => e.returnAddenda || e.correctionAddenda).length, 6),
        num(entryHash, 10),
        num(debit, 12),
        num(credit, 12),
        alpha(batch.companyId, 10),
        alpha('', 19),
        alpha('', 6),
        odfi,
        num(batchNumber, 7),
      ]),
    );
    entryCount += batch.entries.length + batch.entries.filter((e) => e.returnAddenda || e.correctionAddenda).length;
    fileHash += hash;
    fileCredit += credit;
    fileDebit += debit;
  });

  const recordCount = lines.length + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  lines.push(
    record([
      '9',
      num(file.batches.length, 6),
      num(blockCount, 6),
      num(entryCount, 8),
      num(fileHash % 10_000_000_000n, 10),
      num(fileDebit, 12),
      num(fileCredit, 12),
      alpha('', 39),
    ]),
  );
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(RECORD_LENGTH));
  return lines.join('\r\n') + '\r\n';
}

/** The trace number of entry `sequence` (1-based) in a file from `odfiRouting`. */
export const traceNumber = (odfiRouting: string, sequence: number): string => odfiRouting.slice(0, 8) + num(sequence, 7);
