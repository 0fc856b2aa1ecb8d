/**
 * A Metro 2 furnishing file (docs/credit-reporting.md): Header Record, one Base Segment per account,
 * Trailer Record with the totals, each exactly 426 characters, separated by line feeds. {@link writeMetro2File}
 * computes the trailer from the base records; {@link validateMetro2File} parses every fixed-width field
 * back, checks types, allowed codes, the rules between fields and the trailer's totals.
 */
import { Metro2FieldError, parseRecord, writeRecord } from './fixed-width';
import type { FieldProblem, FieldValue, RecordValues } from './fixed-width';
import {
  BASE_LAYOUT,
  HEADER_LAYOUT,
  HISTORY_CODES,
  RECORD_LENGTH,
  STATUSES_REQUIRING_RATING,
  TRAILER_LAYOUT,
  TRAILER_STATUS_CODES,
  statusTotalKey,
} from './layout';
import type { AccountStatusCode, BaseKey, HeaderKey, TrailerKey } from './layout';

export type HeaderValues = RecordValues<HeaderKey>;
export type BaseValues = RecordValues<BaseKey>;
export type TrailerValues = Record<TrailerKey, number>;

const TRAILER_COUNT_KEYS = TRAILER_LAYOUT.filter((s) => s.type === 'N' && s.key !== 'recordDescriptorWord').map((s) => s.key);

const filled = (v: FieldValue | undefined): boolean => v !== undefined && v !== null && v !== '' && !(typeof v === 'string' && /^0+$/.test(v));

/** The trailer's totals for these base records (no appended segments: the J1/J2/K/L/N counts are zero). */
export function trailerTotals(bases: readonly BaseValues[]): TrailerValues {
  const totals = Object.fromEntries(TRAILER_COUNT_KEYS.map((k) => [k, 0])) as TrailerValues;
  totals.totalBaseRecords = bases.length;
  totals.blockCount = bases.length + 2; // fixed-length, unblocked: every record is its own block
  for (const b of bases) {
    const status = String(b.accountStatus ?? '');
    if (status === 'DF') totals.totalStatusDF++;
    else if ((TRAILER_STATUS_CODES as readonly string[]).includes(status)) totals[statusTotalKey(status as (typeof TRAILER_STATUS_CODES)[number])]++;
    if (b.ecoaCode === 'Z') totals.totalEcoaZ++;
    if (filled(b.socialSecurityNumber)) {
      totals.totalSsnAll++;
      totals.totalSsnBase++;
    }
    if (filled(b.dateOfBirth)) {
      totals.totalDobAll++;
      totals.totalDobBase++;
    }
    if (filled(b.telephoneNumber)) totals.totalTelephoneAll++;
  }
  return totals;
}

/** The whole file: header, the base records in the order given, the trailer; each line 426 characters, ending with a line feed. */
export function writeMetro2File(header: HeaderValues, bases: readonly BaseValues[]): string {
  const lines = [writeRecord(HEADER_LAYOUT, header), ...bases.map((b) => writeRecord(BASE_LAYOUT, b)), writeRecord(TRAILER_LAYOUT, trailerTotals(bases))];
  return `${lines.join('\n')}\n`;
}

export interface FileProblem extends FieldProblem {
  /** 1-based line (record) number. */
  readonly line: number;
}

export interface ParsedMetro2File {
  readonly ok: boolean;
  readonly problems: readonly FileProblem[];
  readonly header: Record<HeaderKey, FieldValue> | null;
  readonly bases: readonly Record<BaseKey, FieldValue>[];
  readonly trailer: Record<TrailerKey, FieldValue> | null;
}

const OPEN_DELINQUENT: readonly string[] = ['71', '78', '80', '82', '83', '84', '97'];

/** Rules between the fields of one base record (the field-level checks are the layout's). */
function baseRules(b: Record<BaseKey, FieldValue>, activityDate: FieldValue): Omit<FieldProblem, 'position'>[] {
  const out: Omit<FieldProblem, 'position'>[] = [];
  const status = String(b.accountStatus ?? '') as AccountStatusCode;
  const rating = String(b.paymentRating ?? '');
  if (STATUSES_REQUIRING_RATING.includes(status) && rating === '')
    out.push({ field: 'paymentRating', message: `Payment Rating is required with status ${status}` });
  if (!STATUSES_REQUIRING_RATING.includes(status) && rating !== '')
    out.push({ field: 'paymentRating', message: `Payment Rating must be blank with status ${status}` });
  const profile = String(b.paymentHistoryProfile ?? '');
  if (profile.length !== 24 || [...profile].some((c) => !(HISTORY_CODES as readonly string[]).includes(c)))
    out.push({ field: 'paymentHistoryProfile', message: `Payment History Profile has a character that is not a history code: "${profile}"` });
  else if (/B[^B]/.test(profile)) out.push({ field: 'paymentHistoryProfile', message: 'Payment History Profile: after a B every older month must be B' });
  if (OPEN_DELINQUENT.includes(status) && b.dateOfFirstDelinquency === null)
    out.push({ field: 'dateOfFirstDelinquency', message: `Date of First Delinquency is required with status ${status}` });
  if ((status === '97' || status === '64') && !(Number(b.originalChargeOffAmount) > 0))
    out.push({ field: 'originalChargeOffAmount', message: `Original Charge-off Amount is required with status ${status}` });
  if ((status === '13' || status === '64' || status === '61' || status === '62' || status === '63') && Number(b.currentBalance) !== 0)
    out.push({ field: 'currentBalance', message: `Current Balance must be zero with status ${status}` });
  if ((status === '13' || status === '64') && b.dateClosed === null)
    out.push({ field: 'dateClosed', message: `Date Closed is required with status ${status}` });
  if (Number(b.amountPastDue) > Number(b.currentBalance)) out.push({ field: 'amountPastDue', message: 'Amount Past Due is more than the Current Balance' });
  const info = b.dateOfAccountInformation;
  if (typeof info === 'string' && typeof b.dateOpened === 'string' && b.dateOpened > info)
    out.push({ field: 'dateOpened', message: 'Date Opened is after the Date of Account Information' });
  if (typeof info === 'string' && typeof activityDate === 'string' && info > activityDate)
    out.push({ field: 'dateOfAccountInformation', message: "Date of Account Information is after the header's Activity Date" });
  return out;
}

/**
 * What is wrong with one base record before it goes into a file: a value that does not fit its field, a
 * field that does not read back (blank required name or address, bad code), a rule between fields. Empty
 * when the record is good. The server holds back an account with problems (listed with the file) rather
 * than furnish a record the bureau would reject.
 */
export function baseRecordProblems(values: BaseValues, activityDate: string): string[] {
  let line: string;
  try {
    line = writeRecord(BASE_LAYOUT, values);
  } catch (err) {
    if (err instanceof Metro2FieldError) return [err.message];
    throw err;
  }
  const r = parseRecord(BASE_LAYOUT, line);
  return [...r.problems.map((p) => p.message), ...baseRules(r.values, activityDate).map((p) => p.message)];
}

const positionOf = (layout: readonly { key: string; position: number }[], key: string) => layout.find((s) => s.key === key)?.position ?? 1;

/**
 * Parses a file back and checks everything a bureau's intake would: each record 426 characters with RDW
 * 0426, a HEADER first and a TRAILER last, every field's type and allowed codes, the rules between fields,
 * and every trailer total against the base records. `ok` when there is no problem.
 */
export function validateMetro2File(text: string): ParsedMetro2File {
  const problems: FileProblem[] = [];
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines = body === '' ? [] : body.split('\n');
  if (lines.length < 2) {
    problems.push({ line: 1, field: 'file', position: 1, message: 'a file needs at least a header and a trailer record' });
    return { ok: false, problems, header: null, bases: [], trailer: null };
  }
  const read = <L extends Parameters<typeof parseRecord>[0]>(layout: L, line: string, n: number) => {
    const r = parseRecord(layout, line);
    for (const p of r.problems) problems.push({ line: n, ...p });
    return r.values;
  };
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  if (first.slice(4, 10) !== 'HEADER') problems.push({ line: 1, field: 'recordIdentifier', position: 5, message: 'the first record is not a HEADER' });
  if (last.slice(4, 11) !== 'TRAILER')
    problems.push({ line: lines.length, field: 'recordIdentifier', position: 5, message: 'the last record is not a TRAILER' });
  const header = read(HEADER_LAYOUT, first, 1);
  const bases: Record<BaseKey, FieldValue>[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    if (line.length > RECORD_LENGTH)
      problems.push({
        line: i + 1,
        field: 'record',
        position: RECORD_LENGTH + 1,
        message: 'appended segments (J1/J2/K/L/N) are not part of this fixed-length file',
      });
    const values = read(BASE_LAYOUT, line, i + 1);
    bases.push(values);
    for (const p of baseRules(values, header.activityDate)) problems.push({ line: i + 1, position: positionOf(BASE_LAYOUT, p.field), ...p });
  }
  const trailer = read(TRAILER_LAYOUT, last, lines.length);
  const expected = trailerTotals(bases);
  for (const key of TRAILER_COUNT_KEYS) {
    if (trailer[key] !== undefined && trailer[key] !== expected[key]) {
      problems.push({
        line: lines.length,
        field: key,
        position: positionOf(TRAILER_LAYOUT, key),
        message: `trailer ${key} is ${String(trailer[key])}, the file has ${expected[key]}`,
      });
    }
  }
  const accounts = new Set<string>();
  bases.forEach((b, i) => {
    const id = `${String(b.identificationNumber)}/${String(b.consumerAccountNumber)}`;
    if (accounts.has(id))
      problems.push({ line: i + 2, field: 'consumerAccountNumber', position: 43, message: `account ${String(b.consumerAccountNumber)} is reported twice` });
    accounts.add(id);
  });
  return { ok: problems.length === 0, problems, header, bases, trailer };
}
