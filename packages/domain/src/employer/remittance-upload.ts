/**
 * What an employer remitted for one pay date (the employer portal's Remittances page), and its
 * reconciliation against the deductions expected on that pay date.
 *
 * The upload is a CSV in the deduction file's layout (deduction-file.ts, docs/employer-portal.md) — the file
 * the employer downloaded, with `deduction` holding what was actually remitted for the employee — read by
 * the server's file-format adapter (adapters/file-formats/payroll-csv.ts) into lines; {@link checkRemittanceUpload}
 * takes them from there. On top of the layout's rules: one pay date on every line (one remittance is one payroll), each
 * employee once, and at least one amount above $0.00 (`0.00` says nothing was withheld for that employee).
 * The name and change columns are not used (the employee id identifies the employee).
 * All-or-nothing: every bad line is reported with its line number and nothing of the file is posted.
 */
import { isIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { cents, formatUsd } from '../money';
import type { Cents } from '../money';
import type { DeductionParse } from './deduction-file';

/** Lines in an upload, at most. */
export const MAX_UPLOAD_LINES = 10_000;

/** One employee's remitted amount. */
export interface RemittedLine {
  /** 1-based line number in the file (the header is line 1); on screen, the row number. */
  readonly line: number;
  readonly employeeId: string;
  readonly amountCents: Cents;
}

/** A problem with the upload. */
export interface UploadError {
  readonly line: number;
  readonly column?: string;
  readonly message: string;
}

/** A parsed upload: the pay date and its lines, or every error. */
export type UploadParse =
  { readonly ok: true; readonly payDate: IsoDate; readonly lines: readonly RemittedLine[] } | { readonly ok: false; readonly errors: readonly UploadError[] };

const normId = (s: string): string => s.trim().toLowerCase();

/** Checks what every remittance needs, whether uploaded or typed: one pay date, each employee once, something remitted. */
function finish(payDates: Set<string>, lines: RemittedLine[], errors: UploadError[], headerLine: number): UploadParse {
  const seen = new Map<string, number>();
  for (const l of lines) {
    const first = seen.get(normId(l.employeeId));
    if (first !== undefined)
      errors.push({
        line: l.line,
        column: 'employee_id',
        message: `Employee ${l.employeeId} is listed twice (also on line ${String(first)}): give one total per employee.`,
      });
    else seen.set(normId(l.employeeId), l.line);
  }
  if (payDates.size > 1)
    errors.push({ line: headerLine, column: 'pay_date', message: `A remittance is for one pay date; this one has ${[...payDates].sort().join(', ')}.` });
  if (errors.length === 0 && lines.every((l) => l.amountCents === 0))
    errors.push({ line: headerLine, column: 'deduction', message: 'Nothing was remitted: every amount is $0.00.' });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, payDate: [...payDates][0] as IsoDate, lines };
}

/** Checks an uploaded remittance, read in the deduction file's layout: its rules on top of the layout's, one pay date. */
export function checkRemittanceUpload(parsed: DeductionParse): UploadParse {
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  if (parsed.lines.length > MAX_UPLOAD_LINES) return { ok: false, errors: [{ line: 1, message: `The file has more than ${String(MAX_UPLOAD_LINES)} lines.` }] };
  const errors: UploadError[] = [];
  const lines: RemittedLine[] = [];
  for (const l of parsed.lines) {
    if (l.employeeId.length > 64) errors.push({ line: l.line, column: 'employee_id', message: 'Employee id is at most 64 characters.' });
    else lines.push({ line: l.line, employeeId: l.employeeId, amountCents: l.deductionCents });
  }
  return finish(new Set(parsed.lines.map((l) => l.payDate)), lines, errors, 1);
}

/** Checks totals typed on screen ({ pay_date, lines: [{ employee_id, amount }] }, amounts in cents). */
export function checkRemittanceEntry(payDate: string, entries: readonly { employee_id: string; amount: number }[]): UploadParse {
  const errors: UploadError[] = [];
  if (!isIsoDate(payDate)) errors.push({ line: 0, column: 'pay_date', message: `Pay date "${payDate}" is not a YYYY-MM-DD date.` });
  if (entries.length === 0) errors.push({ line: 0, message: 'Enter at least one employee.' });
  const lines: RemittedLine[] = [];
  entries.forEach((e, k) => {
    const employeeId = e.employee_id.trim();
    const before = errors.length;
    if (employeeId === '' || employeeId.length > 64)
      errors.push({ line: k + 1, column: 'employee_id', message: 'Employee id is required (at most 64 characters).' });
    if (!Number.isSafeInteger(e.amount) || e.amount < 0 || e.amount > 99_999_99)
      errors.push({ line: k + 1, column: 'amount', message: 'The amount must be whole cents from $0.00 to $99,999.99.' });
    if (errors.length === before) lines.push({ line: k + 1, employeeId, amountCents: cents(e.amount) });
  });
  return finish(new Set(isIsoDate(payDate) ? [payDate] : []), lines, errors, 0);
}

/** A deduction expected on the pay date: one employee's installments due that day ({@link deductionsOn}). */
export interface ExpectedDeduction {
  /** The loans the deduction repays (the first is the one a reconciliation line names). */
  readonly loanIds: readonly number[];
  readonly employeeId: string;
  readonly employeeName: string;
  readonly expectedCents: number;
}

/** A remitted amount with where the loan book put it (`loanId` null: matched no loan of the employer). */
export interface PostedRemittance {
  readonly employeeId: string;
  readonly amountCents: number;
  readonly loanId: number | null;
}

/** How one employee's remittance compares with the deduction. */
export const RECONCILIATION_STATUSES = ['exact', 'short', 'over', 'missing', 'unknown_employee'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** One employee's line of the reconciliation. */
export interface ReconciliationLine {
  readonly employeeId: string;
  /** Null for an unknown employee or one with no deduction due. */
  readonly employeeName: string | null;
  readonly loanId: number | null;
  readonly expectedCents: number;
  readonly remittedCents: number;
  /** remitted − expected: negative when short or missing. */
  readonly differenceCents: number;
  readonly status: ReconciliationStatus;
  /** The reason in plain words (shown to the employer and the servicer). */
  readonly reason: string;
}

const usd = (c: number): string => formatUsd(cents(Math.abs(c)));

/**
 * Reconciles a remittance with the deductions expected on its pay date, per employee: `exact`;
 * `short` (less than the deduction, with the difference); `over` (more, or nothing was due that day);
 * `missing` (a deduction was due and nothing came, or only $0.00); `unknown_employee` (remitted for
 * someone with no payroll loan at this employer). Amounts posted to any of an employee's loans add up.
 */
export function reconcileRemittance(expected: readonly ExpectedDeduction[], remitted: readonly PostedRemittance[]): ReconciliationLine[] {
  const byLoan = new Map<number, { amount: number; employeeId: string }>();
  const unknown = new Map<string, { amount: number; employeeId: string }>();
  for (const r of remitted) {
    if (r.amountCents <= 0) continue;
    if (r.loanId !== null) {
      const s = byLoan.get(r.loanId);
      byLoan.set(r.loanId, { amount: (s?.amount ?? 0) + r.amountCents, employeeId: s?.employeeId ?? r.employeeId });
    } else {
      const s = unknown.get(normId(r.employeeId));
      unknown.set(normId(r.employeeId), { amount: (s?.amount ?? 0) + r.amountCents, employeeId: s?.employeeId ?? r.employeeId });
    }
  }
  const out: ReconciliationLine[] = [];
  const claimed = new Set<number>();
  for (const e of expected) {
    let got = 0;
    for (const id of e.loanIds) {
      got += byLoan.get(id)?.amount ?? 0;
      claimed.add(id);
    }
    const diff = got - e.expectedCents;
    const base = {
      employeeId: e.employeeId,
      employeeName: e.employeeName,
      loanId: e.loanIds[0] ?? null,
      expectedCents: e.expectedCents,
      remittedCents: got,
      differenceCents: diff,
    };
    if (got === 0) out.push({ ...base, status: 'missing', reason: `Nothing remitted: ${usd(e.expectedCents)} was to be deducted.` });
    else if (diff === 0) out.push({ ...base, status: 'exact', reason: 'Remitted as deducted.' });
    else if (diff < 0) out.push({ ...base, status: 'short', reason: `Remitted ${usd(got)} of ${usd(e.expectedCents)}: ${usd(diff)} short.` });
    else out.push({ ...base, status: 'over', reason: `Remitted ${usd(got)}, ${usd(diff)} more than the ${usd(e.expectedCents)} deduction.` });
  }
  for (const [loanId, r] of byLoan) {
    if (claimed.has(loanId)) continue;
    out.push({
      employeeId: r.employeeId,
      employeeName: null,
      loanId,
      expectedCents: 0,
      remittedCents: r.amount,
      differenceCents: r.amount,
      status: 'over',
      reason: `No deduction was due for this employee on this pay date; ${usd(r.amount)} was remitted.`,
    });
  }
  for (const r of unknown.values()) {
    out.push({
      employeeId: r.employeeId,
      employeeName: null,
      loanId: null,
      expectedCents: 0,
      remittedCents: r.amount,
      differenceCents: r.amount,
      status: 'unknown_employee',
      reason: `No employee with a payroll deduction has the id ${r.employeeId}; ${usd(r.amount)} is held until our servicing team matches it.`,
    });
  }
  return out.sort((a, b) => a.employeeId.localeCompare(b.employeeId) || (a.loanId ?? 0) - (b.loanId ?? 0));
}
