import { isDebitCode, RECORD_LENGTH } from './nacha';
import type { AccountCorrection, AchCorrectionRecord, AchReturnRecord } from './port';

export type { AccountCorrection } from './port';

/**
 * Parser of the bank's NACHA return files: 94-character records — file header (1), batch headers (5),
 * return entries (6, codes 21/26/31/36) each with one return addenda (7, addenda type 99), notifications
 * of change (entries of a COR batch, amount zero, each with one addenda type 98), batch controls
 * (8), the file control (9), and filler records of nines. Every control total is checked (entry/addenda
 * counts, entry hash, debit and credit totals, batch numbers, block count): a file that does not add up
 * is refused as a whole with the line and the reason, nothing is applied from it. Pure: text in, data out.
 */

/** One returned entry as the bank reports it (the port's record: servicing reads it as is). */
export type NachaReturn = AchReturnRecord;

/**
 * A notification of change (NOC, SEC code COR) as the file states it: the port's record before servicing reads
 * the change code (its reason and correction).
 */
export type NachaCorrection = Omit<AchCorrectionRecord, 'changeReason' | 'accountCorrection'>;

/** The change codes servicing applies to an account, with their NACHA names. */
export const CHANGE_CODES: Readonly<Record<string, string>> = {
  C01: 'Incorrect account number',
  C02: 'Incorrect routing number',
  C03: 'Incorrect routing number and account number',
  C05: 'Incorrect transaction code',
  C06: 'Incorrect account number and transaction code',
  C07: 'Incorrect routing number, account number and transaction code',
};

const accountTypeOfCode = (code: string): 'checking' | 'savings' | null => (/^2[2-9]$/.test(code) ? 'checking' : /^3[2-9]$/.test(code) ? 'savings' : null);

/**
 * Reads the corrected data of a notification of change by its code (NACHA Appendix Five field layouts):
 * C01 account (1–17); C02 routing (1–9); C03 routing (1–9) and account (13–29); C05 transaction code (1–2);
 * C06 account (1–17) and transaction code (21–22); C07 routing (1–9), account (10–26), transaction code (27–28).
 * Null when the code is not one servicing applies or the data does not read as its layout says.
 */
export function accountCorrectionOf(changeCode: string, correctedData: string): AccountCorrection | null {
  const d = correctedData.padEnd(29, ' ');
  const account = (text: string) => (/^\d{1,17}$/.test(text.trim()) ? text.trim() : undefined);
  const routing = (text: string) => (/^\d{9}$/.test(text) ? text : undefined);
  const type = (text: string) => accountTypeOfCode(text) ?? undefined;
  const pick = (c: Partial<Record<keyof AccountCorrection, string | undefined>>, needs: (keyof AccountCorrection)[]): AccountCorrection | null =>
    needs.every((k) => c[k] !== undefined)
      ? { routing: c.routing ?? null, account: c.account ?? null, accountType: (c.accountType as AccountCorrection['accountType']) ?? null }
      : null;
  switch (changeCode) {
    case 'C01':
      return pick({ account: account(d.slice(0, 17)) }, ['account']);
    case 'C02':
      return pick({ routing: routing(d.slice(0, 9)) }, ['routing']);
    case 'C03':
      return pick({ routing: routing(d.slice(0, 9)), account: account(d.slice(12, 29)) }, ['routing', 'account']);
    case 'C05':
      return pick({ accountType: type(d.slice(0, 2)) }, ['accountType']);
    case 'C06':
      return pick({ account: account(d.slice(0, 17)), accountType: type(d.slice(20, 22)) }, ['account', 'accountType']);
    case 'C07':
      return pick({ routing: routing(d.slice(0, 9)), account: account(d.slice(9, 26)), accountType: type(d.slice(26, 28)) }, [
        'routing',
        'account',
        'accountType',
      ]);
    default:
      return null;
  }
}

export type NachaReturnFile = {
  immediateDestination: string;
  immediateOrigin: string;
  createdOn: string;
  returns: NachaReturn[];
  corrections: NachaCorrection[];
};

/** A return file that cannot be read: `line` is 1-based (0 for the file as a whole). */
export class NachaParseError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(line > 0 ? `NACHA return file, line ${line}: ${reason}` : `NACHA return file: ${reason}`);
    this.name = 'NachaParseError';
  }
}

const RETURN_CODES = new Set(['21', '26', '31', '36']);
const isReturnReasonCode = (code: string): boolean => /^R(0[1-9]|[1-7]\d|8[0-5])$/.test(code);
const isChangeCode = (code: string): boolean => /^C(0[1-9]|1[0-4])$/.test(code);

const digits = (line: number, field: string, text: string): bigint => {
  if (!/^\d+$/.test(text)) throw new NachaParseError(line, `${field} must be digits (found "${text.trim()}")`);
  return BigInt(text);
};

function isoOf(line: number, field: string, yymmdd: string): string {
  if (!/^\d{6}$/.test(yymmdd)) throw new NachaParseError(line, `${field} must be a date YYMMDD (found "${yymmdd.trim()}")`);
  const iso = `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) throw new NachaParseError(line, `${field} is not a calendar date (${yymmdd})`);
  return iso;
}

type Totals = { count: bigint; hash: bigint; debit: bigint; credit: bigint };
const zero = (): Totals => ({ count: 0n, hash: 0n, debit: 0n, credit: 0n });

/** Parses a return file. Throws `NachaParseError` with the first problem found. */
export function parseNachaReturnFile(text: string): NachaReturnFile {
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  if (raw.length === 0) throw new NachaParseError(0, 'the file is empty');
  const lines = raw.map((l, i) => {
    if (l.length !== RECORD_LENGTH) throw new NachaParseError(i + 1, `a record must be ${RECORD_LENGTH} characters (found ${l.length})`);
    if (/[^ -~]/.test(l)) throw new NachaParseError(i + 1, 'the record holds characters outside printable ASCII');
    return l;
  });

  const header = lines[0]!;
  if (header[0] !== '1') throw new NachaParseError(1, 'the file must start with a file header record (type 1)');
  if (header.slice(1, 3) !== '01') throw new NachaParseError(1, 'file header priority code must be 01');
  if (header.slice(34, 37) !== '094') throw new NachaParseError(1, 'file header record size must be 094');
  if (header.slice(37, 39) !== '10') throw new NachaParseError(1, 'file header blocking factor must be 10');
  const createdOn = isoOf(1, 'file creation date', header.slice(23, 29));

  const returns: NachaReturn[] = [];
  const corrections: NachaCorrection[] = [];
  const file = zero();
  let batches = 0;
  let batch: { line: number; serviceClass: string; number: string; odfi: string; effectiveDate: string | null; secCode: string; totals: Totals } | null = null;
  let control: { line: number; record: string } | null = null;
  let pendingEntry: Omit<NachaReturn, 'code' | 'originalTrace' | 'dateOfDeath' | 'originalRdfi' | 'addendaInformation'> | null = null;

  const needAddenda = (at: number) => {
    if (pendingEntry) throw new NachaParseError(at, `the return entry on line ${pendingEntry.line} has no addenda record (type 7)`);
  };

  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    const l = lines[i]!;
    const type = l[0];
    if (control) {
      if (l !== '9'.repeat(RECORD_LENGTH)) throw new NachaParseError(n, 'only filler records (all nines) may follow the file control record');
      continue;
    }
    if (type === '5') {
      needAddenda(n);
      if (batch) throw new NachaParseError(n, `batch header before the control record of the batch opened on line ${batch.line}`);
      const serviceClass = l.slice(1, 4);
      if (!['200', '220', '225'].includes(serviceClass)) throw new NachaParseError(n, `batch service class code ${serviceClass} is not 200, 220 or 225`);
      const eff = l.slice(69, 75);
      batch = {
        line: n,
        serviceClass,
        number: l.slice(87, 94),
        odfi: l.slice(79, 87),
        effectiveDate: eff.trim() === '' ? null : isoOf(n, 'effective entry date', eff),
        secCode: l.slice(50, 53).trim(),
        totals: zero(),
      };
      digits(n, 'batch number', batch.number);
      batches += 1;
    } else if (type === '6') {
      needAddenda(n);
      if (!batch) throw new NachaParseError(n, 'entry detail record outside a batch');
      const code = l.slice(1, 3);
      if (!RETURN_CODES.has(code)) throw new NachaParseError(n, `transaction code ${code} is not a return entry (21, 26, 31 or 36)`);
      const rdfi = digits(n, 'receiving DFI identification', l.slice(3, 11));
      const amount = digits(n, 'amount', l.slice(29, 39));
      const noc = batch.secCode === 'COR';
      if (noc && amount !== 0n) throw new NachaParseError(n, 'a notification of change (COR) must have a zero amount');
      if (!noc && amount === 0n) throw new NachaParseError(n, 'a return entry must have an amount');
      if (l[78] !== '1') throw new NachaParseError(n, 'a return entry must have an addenda record (addenda indicator 1)');
      const traceNumber = l.slice(79, 94);
      digits(n, 'trace number', traceNumber);
      batch.totals.count += 1n;
      batch.totals.hash += rdfi;
      if (isDebitCode(code)) batch.totals.debit += amount;
      else batch.totals.credit += amount;
      pendingEntry = {
        transactionCode: code,
        amountCents: Number(amount),
        individualId: l.slice(39, 54).trim(),
        individualName: l.slice(54, 76).trim(),
        traceNumber,
        effectiveDate: batch.effectiveDate,
        secCode: batch.secCode,
        line: n,
      };
    } else if (type === '7') {
      if (!batch || !pendingEntry) throw new NachaParseError(n, 'addenda record without an entry detail record before it');
      const addendaType = l.slice(1, 3);
      if (batch.secCode === 'COR') {
        if (addendaType !== '98') throw new NachaParseError(n, `addenda type ${addendaType} is not a notification of change (98)`);
        const changeCode = l.slice(3, 6);
        if (!isChangeCode(changeCode)) throw new NachaParseError(n, `change code "${changeCode.trim()}" is not C01…C14`);
        const originalTrace = l.slice(6, 21);
        digits(n, 'original entry trace number', originalTrace);
        const originalRdfi = l.slice(27, 35);
        digits(n, 'original receiving DFI identification', originalRdfi);
        if (l.slice(79, 94) !== pendingEntry.traceNumber)
          throw new NachaParseError(n, `addenda trace number ${l.slice(79, 94)} is not the entry's ${pendingEntry.traceNumber}`);
        batch.totals.count += 1n;
        const { transactionCode, individualId, individualName, traceNumber, line } = pendingEntry;
        corrections.push({
          changeCode,
          originalTrace,
          originalRdfi,
          correctedData: l.slice(35, 64).trimEnd(),
          transactionCode,
          individualId,
          individualName,
          traceNumber,
          line,
        });
        pendingEntry = null;
        continue;
      }
      if (addendaType !== '99') throw new NachaParseError(n, `addenda type ${addendaType} is not a return (99)`);
      const code = l.slice(3, 6);
      if (!isReturnReasonCode(code)) throw new NachaParseError(n, `return reason code "${code.trim()}" is not R01…R85`);
      const originalTrace = l.slice(6, 21);
      digits(n, 'original entry trace number', originalTrace);
      const death = l.slice(21, 27);
      const originalRdfi = l.slice(27, 35);
      digits(n, 'original receiving DFI identification', originalRdfi);
      if (l.slice(79, 94) !== pendingEntry.traceNumber)
        throw new NachaParseError(n, `addenda trace number ${l.slice(79, 94)} is not the entry's ${pendingEntry.traceNumber}`);
      batch.totals.count += 1n;
      returns.push({
        ...pendingEntry,
        code,
        originalTrace,
        dateOfDeath: death.trim() === '' ? null : isoOf(n, 'date of death', death),
        originalRdfi,
        addendaInformation: l.slice(35, 79).trim(),
      });
      pendingEntry = null;
    } else if (type === '8') {
      needAddenda(n);
      if (!batch) throw new NachaParseError(n, 'batch control record without a batch header');
      const t = batch.totals;
      if (l.slice(1, 4) !== batch.serviceClass)
        throw new NachaParseError(n, `batch control service class ${l.slice(1, 4)} differs from its header's ${batch.serviceClass}`);
      const check = (field: string, text: string, expected: bigint) => {
        const found = digits(n, field, text);
        if (found !== expected) throw new NachaParseError(n, `batch ${Number(batch!.number)} ${field} is ${found}, the entries add up to ${expected}`);
      };
      check('entry/addenda count', l.slice(4, 10), t.count);
      check('entry hash', l.slice(10, 20), t.hash % 10_000_000_000n);
      check('total debit amount', l.slice(20, 32), t.debit);
      check('total credit amount', l.slice(32, 44), t.credit);
      if (l.slice(87, 94) !== batch.number) throw new NachaParseError(n, `batch control number ${l.slice(87, 94)} differs from its header's ${batch.number}`);
      file.count += t.count;
      file.hash += t.hash;
      file.debit += t.debit;
      file.credit += t.credit;
      batch = null;
    } else if (type === '9') {
      needAddenda(n);
      if (batch) throw new NachaParseError(n, `the batch opened on line ${batch.line} has no batch control record`);
      const check = (field: string, text: string, expected: bigint) => {
        const found = digits(n, field, text);
        if (found !== expected) throw new NachaParseError(n, `file control ${field} is ${found}, the file holds ${expected}`);
      };
      check('batch count', l.slice(1, 7), BigInt(batches));
      check('block count', l.slice(7, 13), BigInt(Math.ceil(n / 10)));
      check('entry/addenda count', l.slice(13, 21), file.count);
      check('entry hash', l.slice(21, 31), file.hash % 10_000_000_000n);
      check('total debit amount', l.slice(31, 43), file.debit);
      check('total credit amount', l.slice(43, 55), file.credit);
      control = { line: n, record: l };
    } else {
      throw new NachaParseError(n, `unknown record type "${type ?? ''}"`);
    }
  }
  if (!control) throw new NachaParseError(lines.length, 'the file has no file control record (type 9)');
  return { immediateDestination: header.slice(3, 13).trim(), immediateOrigin: header.slice(13, 23).trim(), createdOn, returns, corrections };
}
