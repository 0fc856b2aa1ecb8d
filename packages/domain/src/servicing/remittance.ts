/**
 * Payroll remittance files: an employer remits, each payday, the deductions it made for its employees'
 * loans. CSV (RFC 4180: comma separated, optional double quotes, header row required, any column order):
 *
 *   employer,pay_date,borrower_identifier,amount
 *   Department of Veterans Affairs,2026-11-27,PR-000123,125.40
 *
 * - employer: the employer's name as on file (matched case- and space-insensitively);
 * - pay_date: YYYY-MM-DD;
 * - borrower_identifier: the loan number, or the borrower's employee id at that employer;
 * - amount: dollars with at most two decimals, > 0, at most $99,999.99 (no sign, no thousands commas).
 * Every bad line is reported with its line number and nothing of the file is posted; matching lines to
 * loans is separate ({@link matchRemittance}); lines that match no loan go to the suspense list.
 */
import { isIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { cents } from '../money';
import type { Cents } from '../money';

/** A parsed line. */
export interface RemittanceLine {
  /** 1-based line number in the file (the header is line 1). */
  readonly line: number;
  /** Employer as written. */
  readonly employer: string;
  /** Pay date. */
  readonly payDate: IsoDate;
  /** Borrower identifier as written (trimmed). */
  readonly borrowerIdentifier: string;
  /** Amount remitted. */
  readonly amountCents: Cents;
}

/** A line error. */
export interface RemittanceLineError {
  /** 1-based line number. */
  readonly line: number;
  /** Column at fault, when one. */
  readonly column?: RemittanceColumn;
  /** Plain-English reason, shown to the servicer. */
  readonly message: string;
}

/** The columns of the file. */
export const REMITTANCE_COLUMNS = ['employer', 'pay_date', 'borrower_identifier', 'amount'] as const;
/** A column. */
export type RemittanceColumn = (typeof REMITTANCE_COLUMNS)[number];

/** Lines in a file, at most (a payday of a large employer fits easily). */
export const MAX_REMITTANCE_LINES = 50_000;

/** Result of parsing: the lines when the whole file is valid, else every error. */
export type RemittanceParse =
  { readonly ok: true; readonly lines: readonly RemittanceLine[] } | { readonly ok: false; readonly errors: readonly RemittanceLineError[] };

/** Splits CSV text into records of fields (RFC 4180 quoting; CRLF or LF). Throws on an unterminated quote. */
export function parseCsvRecords(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = (): void => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) out.push({ line: startLine, fields });
    fields = [];
    field = '';
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n') line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      i += 1;
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (ch === '\r' && src[i + 1] === '\n') {
      i += 1;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      endRecord();
      line += 1;
      startLine = line;
      i += 1;
      continue;
    }
    field += ch;
    i += 1;
  }
  if (quoted) throw new RangeError(`unterminated quoted field starting on line ${String(startLine)}`);
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}

const AMOUNT_RE = /^\$?(\d{1,5})(?:\.(\d{1,2}))?$/;

/** Parses a dollar amount ("125.4", "125.40", "$125") into cents, or null. */
export function parseRemittanceAmount(text: string): Cents | null {
  const m = AMOUNT_RE.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return value > 0 ? cents(value) : null;
}

const normalizeHeader = (h: string): string =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Parses a remittance file. All-or-nothing: any error rejects the file with every error listed. */
export function parseRemittanceCsv(text: string): RemittanceParse {
  let records: { line: number; fields: string[] }[];
  try {
    records = parseCsvRecords(text);
  } catch (e) {
    return { ok: false, errors: [{ line: 1, message: (e as Error).message }] };
  }
  const header = records[0];
  if (!header) return { ok: false, errors: [{ line: 1, message: 'The file is empty: expected a header row employer,pay_date,borrower_identifier,amount.' }] };
  const names = header.fields.map(normalizeHeader);
  const index = {} as Record<RemittanceColumn, number>;
  const errors: RemittanceLineError[] = [];
  for (const col of REMITTANCE_COLUMNS) {
    const k = names.indexOf(col);
    if (k < 0) errors.push({ line: header.line, column: col, message: `Missing column "${col}" in the header.` });
    index[col] = k;
  }
  if (errors.length > 0) return { ok: false, errors };
  const body = records.slice(1);
  if (body.length === 0) return { ok: false, errors: [{ line: header.line, message: 'The file has no remittance lines.' }] };
  if (body.length > MAX_REMITTANCE_LINES)
    return { ok: false, errors: [{ line: header.line, message: `The file has more than ${String(MAX_REMITTANCE_LINES)} lines.` }] };
  const lines: RemittanceLine[] = [];
  for (const r of body) {
    if (r.fields.length !== header.fields.length) {
      errors.push({ line: r.line, message: `Expected ${String(header.fields.length)} fields, found ${String(r.fields.length)}.` });
      continue;
    }
    const get = (c: RemittanceColumn): string => (r.fields[index[c]] ?? '').trim();
    const employer = get('employer');
    const payDate = get('pay_date');
    const borrowerIdentifier = get('borrower_identifier');
    const amount = parseRemittanceAmount(get('amount'));
    const before = errors.length;
    if (employer === '') errors.push({ line: r.line, column: 'employer', message: 'Employer is required.' });
    if (!isIsoDate(payDate)) errors.push({ line: r.line, column: 'pay_date', message: `Pay date "${payDate}" is not a YYYY-MM-DD date.` });
    if (borrowerIdentifier === '') errors.push({ line: r.line, column: 'borrower_identifier', message: 'Borrower identifier is required.' });
    if (amount === null)
      errors.push({ line: r.line, column: 'amount', message: `Amount "${get('amount')}" is not a positive dollar amount with at most two decimals.` });
    if (errors.length === before) lines.push({ line: r.line, employer, payDate: payDate as IsoDate, borrowerIdentifier, amountCents: amount as Cents });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}

/** A loan a remittance line can post to. */
export interface RemittanceCandidate {
  /** Loan id. */
  readonly loanId: number;
  /** The loan's number (public identifier), if any. */
  readonly loanNumber: string;
  /** Employer name on file. */
  readonly employer: string;
  /** The borrower's employee id at that employer, if known. */
  readonly employeeId: string | null;
}

/** A line's destination: a loan, or suspense with a reason. */
export type RemittanceMatch =
  | { readonly line: RemittanceLine; readonly loanId: number }
  | { readonly line: RemittanceLine; readonly loanId: null; readonly reason: 'no_loan' | 'ambiguous' | 'employer_mismatch' };

const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Matches each line to exactly one open allotment loan: by loan number, else by employee id at the named
 * employer. A loan number at another employer, no match, or several matches → suspense.
 */
export function matchRemittance(lines: readonly RemittanceLine[], candidates: readonly RemittanceCandidate[]): RemittanceMatch[] {
  const byNumber = new Map<string, RemittanceCandidate>();
  const byEmployee = new Map<string, RemittanceCandidate[]>();
  for (const c of candidates) {
    byNumber.set(norm(c.loanNumber), c);
    if (c.employeeId) {
      const key = `${norm(c.employer)}|${norm(c.employeeId)}`;
      byEmployee.set(key, [...(byEmployee.get(key) ?? []), c]);
    }
  }
  return lines.map((line): RemittanceMatch => {
    const direct = byNumber.get(norm(line.borrowerIdentifier));
    if (direct) return norm(direct.employer) === norm(line.employer) ? { line, loanId: direct.loanId } : { line, loanId: null, reason: 'employer_mismatch' };
    const found = byEmployee.get(`${norm(line.employer)}|${norm(line.borrowerIdentifier)}`) ?? [];
    if (found.length === 1) return { line, loanId: found[0]!.loanId };
    return { line, loanId: null, reason: found.length > 1 ? 'ambiguous' : 'no_loan' };
  });
}
