import { isIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { DEDUCTION_CHANGES, DEDUCTION_FILE_COLUMNS } from '@payrail/domain/employer/deduction-file';
import type {
  DeductionChange,
  DeductionColumn,
  DeductionFile,
  DeductionLineError,
  DeductionParse,
  ParsedDeductionLine,
} from '@payrail/domain/employer/deduction-file';
import { cents, formatCents } from '@payrail/domain/money';
import type { Cents } from '@payrail/domain/money';
import { fileDollarsToCents } from '@payrail/domain/validation/money-input';
import type { RemittanceColumn, RemittanceLine, RemittanceLineError, RemittanceParse } from '@payrail/domain/servicing/remittance';
import { columnName, csvText, fromInert, inertText, parseCsvRecords } from './csv';
import type { PayrollFiles } from './port';

/**
 * The payroll files' CSV (RFC 4180, csv.ts), the one place their text format lives (issue #28):
 *
 * 1. Servicing's remittance file — what employers remit each payday for their employees' loans
 *    (docs/servicing-operations.md, "Payroll remittances"); header row required, any column order:
 *
 *      employer,pay_date,borrower_identifier,amount
 *      Department of Veterans Affairs,2026-11-27,PR-000123,125.40
 *
 *    employer as on file; pay_date YYYY-MM-DD; borrower_identifier the loan number or the employee id at
 *    that employer; amount dollars with at most two decimals, > 0, at most $99,999.99 ("$" allowed; no sign,
 *    no thousands commas). At most {@link MAX_REMITTANCE_LINES} lines.
 *
 * 2. The employer portal's deduction file (docs/employer-portal.md), CRLF line ends, one header row:
 *
 *      pay_date,employee_id,employee_name,deduction,change
 *      2026-12-11,A-1001,"Okafor, Devon",125.40,new
 *
 *    deduction in dollars with two decimals ("0.00" on an ended line); change new | changed | ended |
 *    unchanged. An id or a name starting with =, +, -, @, a tab or a carriage return is written with a
 *    leading ' so a spreadsheet never runs it as a formula; the reader takes it off. A remittance upload
 *    uses the same layout (`deduction` is what was remitted; `change` may be left empty or out; extra
 *    columns are ignored). At most {@link MAX_DEDUCTION_LINES} lines.
 *
 * Both readers are all-or-nothing: every bad line is reported with its line number (the header is line 1)
 * and column, and then no line is returned.
 */

/** The columns of the remittance file. */
export const REMITTANCE_COLUMNS = ['employer', 'pay_date', 'borrower_identifier', 'amount'] as const satisfies readonly RemittanceColumn[];
/** Lines in a remittance file, at most (a payday of a large employer fits easily). */
export const MAX_REMITTANCE_LINES = 50_000;
/** Lines in a deduction-layout file, at most. */
export const MAX_DEDUCTION_LINES = 50_000;

/** A remittance amount ("125.4", "125.40", "$125") into cents; zero, a sign, separators or more than two decimals → null. */
export function parseRemittanceAmount(text: string): Cents | null {
  const value = fileDollarsToCents(text, { dollarSign: true });
  return value !== null && value > 0 ? value : null;
}

/** Reads a remittance file. All-or-nothing: any error rejects the file with every error listed. */
export function parseRemittanceCsv(text: string): RemittanceParse {
  let records: { line: number; fields: string[] }[];
  try {
    records = parseCsvRecords(text);
  } catch (e) {
    return { ok: false, errors: [{ line: 1, message: (e as Error).message }] };
  }
  const header = records[0];
  if (!header) return { ok: false, errors: [{ line: 1, message: 'The file is empty: expected a header row employer,pay_date,borrower_identifier,amount.' }] };
  const names = header.fields.map(columnName);
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

/** The remittance file of these lines (header row, CRLF line ends). */
export const remittanceCsv = (lines: readonly Omit<RemittanceLine, 'line'>[]): string =>
  csvText([REMITTANCE_COLUMNS, ...lines.map((l) => [l.employer, l.payDate, l.borrowerIdentifier, formatCents(l.amountCents)])]);

/** The deduction file as CSV text (header row, CRLF line ends, a final CRLF). */
export const deductionCsv = (file: DeductionFile): string =>
  csvText([
    DEDUCTION_FILE_COLUMNS,
    ...file.lines.map((l) => [l.payDate, inertText(l.employeeId), inertText(l.employeeName), formatCents(cents(l.deductionCents)), l.change]),
  ]);

/** The file name a deduction file download is saved as. */
export const deductionCsvFileName = (payDate: IsoDate): string => `deductions-${payDate}.csv`;

/** A deduction amount: "125.4", "125.40", "0.00" → cents; a sign, a symbol, separators or more than two decimals → null. */
export function parseDollars(text: string): Cents | null {
  return fileDollarsToCents(text, { dollarSign: false });
}

/**
 * Reads a CSV in the deduction-file layout. The header must name the columns pay_date, employee_id,
 * employee_name and deduction (any order; `change` optional, extra columns ignored).
 */
export function parseDeductionCsv(text: string): DeductionParse {
  let records: { line: number; fields: string[] }[];
  try {
    records = parseCsvRecords(text);
  } catch (e) {
    return { ok: false, errors: [{ line: 1, message: `The file is not valid CSV: ${(e as Error).message}.` }] };
  }
  const header = records[0];
  if (!header) return { ok: false, errors: [{ line: 1, message: `The file is empty: expected the header row ${DEDUCTION_FILE_COLUMNS.join(',')}.` }] };
  const names = header.fields.map(columnName);
  const index = {} as Record<DeductionColumn, number>;
  const errors: DeductionLineError[] = [];
  for (const col of DEDUCTION_FILE_COLUMNS) {
    const k = names.indexOf(col);
    if (k < 0 && col !== 'change') errors.push({ line: header.line, column: col, message: `Missing column "${col}" in the header row.` });
    index[col] = k;
  }
  if (errors.length > 0) return { ok: false, errors };
  const body = records.slice(1);
  if (body.length === 0) return { ok: false, errors: [{ line: header.line, message: 'The file has no lines after the header row.' }] };
  if (body.length > MAX_DEDUCTION_LINES)
    return { ok: false, errors: [{ line: header.line, message: `The file has more than ${String(MAX_DEDUCTION_LINES)} lines.` }] };
  const lines: ParsedDeductionLine[] = [];
  for (const r of body) {
    if (r.fields.length !== header.fields.length) {
      errors.push({ line: r.line, message: `Expected ${String(header.fields.length)} fields, found ${String(r.fields.length)}.` });
      continue;
    }
    const get = (c: DeductionColumn): string => (index[c] < 0 ? '' : (r.fields[index[c]] ?? '').trim());
    const payDate = get('pay_date');
    const employeeId = fromInert(get('employee_id'));
    const employeeName = fromInert(get('employee_name'));
    const deduction = parseDollars(get('deduction'));
    const change = get('change').toLowerCase();
    const before = errors.length;
    if (!isIsoDate(payDate)) errors.push({ line: r.line, column: 'pay_date', message: `Pay date "${payDate}" is not a YYYY-MM-DD date.` });
    if (employeeId === '') errors.push({ line: r.line, column: 'employee_id', message: 'Employee id is required.' });
    if (deduction === null)
      errors.push({
        line: r.line,
        column: 'deduction',
        message: `Deduction "${get('deduction')}" is not a dollar amount with at most two decimals (for example 125.40).`,
      });
    if (change !== '' && !(DEDUCTION_CHANGES as readonly string[]).includes(change))
      errors.push({ line: r.line, column: 'change', message: `Change "${get('change')}" is not one of ${DEDUCTION_CHANGES.join(', ')}.` });
    if (errors.length === before) {
      lines.push({
        line: r.line,
        payDate: payDate as IsoDate,
        employeeId,
        employeeName,
        deductionCents: deduction!,
        change: change === '' ? null : (change as DeductionChange),
      });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}

/** The payroll files as CSV: what `ctx.providers.payrollFiles` is. */
export const payrollCsvFiles: PayrollFiles = {
  readRemittanceFile: parseRemittanceCsv,
  writeRemittanceFile: remittanceCsv,
  writeDeductionFile: deductionCsv,
  deductionFileName: deductionCsvFileName,
  readDeductionFile: parseDeductionCsv,
};
