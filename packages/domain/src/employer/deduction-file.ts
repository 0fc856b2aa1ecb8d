/**
 * The employer's deduction file (employer portal, docs/employer-portal.md): what payroll deducts from whom on
 * one pay date, for the loans repaid by payroll deduction (allotment / split direct deposit), and what changed
 * since the previous payroll. Pure: the server reads the loans, their schedules of record and the employee
 * changes the employer reported, and this module decides the lines.
 *
 * The file's columns are pay_date, employee_id, employee_name, deduction, change ({@link DEDUCTION_FILE_COLUMNS});
 * `change` is new | changed | ended | unchanged, against the previous pay date's file. A remittance upload (the
 * employer says what it remitted) uses the same layout, `deduction` being what was remitted. The CSV text
 * itself (quoting, dollars, formula-safe cells) is written and read by the server's file-format adapter
 * (apps/server/src/adapters/file-formats/payroll-csv.ts) into the records below.
 */
import { compareIsoDates } from '../dates';
import type { IsoDate } from '../dates';
import type { Cents } from '../money';

/** The columns of the file, in order. */
export const DEDUCTION_FILE_COLUMNS = ['pay_date', 'employee_id', 'employee_name', 'deduction', 'change'] as const;
/** A column. */
export type DeductionColumn = (typeof DEDUCTION_FILE_COLUMNS)[number];

/** How an employee's deduction compares with the previous pay date's file. */
export const DEDUCTION_CHANGES = ['new', 'changed', 'ended', 'unchanged'] as const;
export type DeductionChange = (typeof DEDUCTION_CHANGES)[number];

/** One installment of a loan's schedule of record. */
export interface DeductionInstallment {
  readonly n: number;
  readonly dueDate: IsoDate;
  readonly amountCents: number;
}

/** A pause of the deduction (an employee's leave): pay dates from `from` to `to`, both included. */
export interface DeductionPause {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/** A loan repaid by payroll deduction at the employer, as the deduction file needs it. */
export interface PayrollLoan {
  readonly loanId: number;
  /** The borrower (the key lines are grouped by: one line per employee). */
  readonly personId: number;
  /** The employee id at the employer ('' when the borrower gave none). */
  readonly employeeId: string;
  readonly employeeName: string;
  /** The schedule of record, in any order. */
  readonly installments: readonly DeductionInstallment[];
  /**
   * The first pay date payroll no longer deducts for this loan (paid off, charged off, refinanced, the
   * employee terminated or switched to ACH): pay dates on or after it carry no deduction. Null: none.
   */
  readonly endsOn: IsoDate | null;
  /** Pauses (leave): pay dates inside one carry no deduction. */
  readonly pauses: readonly DeductionPause[];
}

/** One line of the deduction file: one employee on one pay date. */
export interface DeductionLine {
  readonly payDate: IsoDate;
  readonly personId: number;
  readonly employeeId: string;
  readonly employeeName: string;
  /** What payroll deducts on the pay date (0 on an ended line). */
  readonly deductionCents: number;
  /** What the previous pay date's file deducted (0 when the employee was not in it). */
  readonly previousCents: number;
  readonly change: DeductionChange;
  /** The loans the deduction repays. */
  readonly loanIds: readonly number[];
}

/** The file for one pay date. */
export interface DeductionFile {
  readonly payDate: IsoDate;
  /** The pay date the changes are measured against (null: none before; every line is new). */
  readonly previousPayDate: IsoDate | null;
  /** Employees deducted on the pay date, then those ended since the previous one; by name then id. */
  readonly lines: readonly DeductionLine[];
  /** The sum of the deductions. */
  readonly totalCents: number;
}

const inPause = (pauses: readonly DeductionPause[], date: IsoDate): boolean => pauses.some((p) => date >= p.from && date <= p.to);

/** Whether payroll deducts `installment` of `loan` on its due date. */
const deducted = (loan: PayrollLoan, date: IsoDate): boolean => (loan.endsOn === null || date < loan.endsOn) && !inPause(loan.pauses, date);

type Deduction = { personId: number; employeeId: string; employeeName: string; cents: number; loanIds: number[] };

/** What payroll deducts per employee on `payDate`: the installments due that day of the loans deducted then. */
export function deductionsOn(loans: readonly PayrollLoan[], payDate: IsoDate): Map<number, Deduction> {
  const out = new Map<number, Deduction>();
  for (const loan of loans) {
    if (!deducted(loan, payDate)) continue;
    const due = loan.installments.filter((i) => i.dueDate === payDate).reduce((sum, i) => sum + i.amountCents, 0);
    if (due <= 0) continue;
    const d = out.get(loan.personId) ?? { personId: loan.personId, employeeId: loan.employeeId, employeeName: loan.employeeName, cents: 0, loanIds: [] };
    d.cents += due;
    d.loanIds.push(loan.loanId);
    if (d.employeeId === '' && loan.employeeId !== '') d.employeeId = loan.employeeId;
    out.set(loan.personId, d);
  }
  return out;
}

/** Every pay date on which at least one employee has a deduction, ascending. */
export function payDates(loans: readonly PayrollLoan[]): IsoDate[] {
  const dates = new Set<IsoDate>();
  for (const loan of loans) for (const i of loan.installments) if (i.amountCents > 0 && deducted(loan, i.dueDate)) dates.add(i.dueDate);
  return [...dates].sort(compareIsoDates);
}

/** The next payroll: the earliest pay date with a deduction on or after `today` (the business date), or null. */
export function nextPayDate(loans: readonly PayrollLoan[], today: IsoDate): IsoDate | null {
  return payDates(loans).find((d) => d >= today) ?? null;
}

/** The payroll before `payDate`: the latest earlier pay date with a deduction, or null. */
export function previousPayDate(loans: readonly PayrollLoan[], payDate: IsoDate): IsoDate | null {
  const before = payDates(loans).filter((d) => d < payDate);
  return before[before.length - 1] ?? null;
}

const byName = (a: DeductionLine, b: DeductionLine): number =>
  a.employeeName.localeCompare(b.employeeName, 'en') || a.employeeId.localeCompare(b.employeeId, 'en') || a.personId - b.personId;

/**
 * The deduction file for `payDate`: one line per employee deducted that day (new, changed or unchanged
 * against the previous pay date's file), then one `ended` line (0.00) per employee deducted in the previous
 * file and not in this one.
 */
export function deductionFile(loans: readonly PayrollLoan[], payDate: IsoDate): DeductionFile {
  const previous = previousPayDate(loans, payDate);
  const now = deductionsOn(loans, payDate);
  const before = previous ? deductionsOn(loans, previous) : new Map<number, Deduction>();
  const current: DeductionLine[] = [...now.values()].map((d) => {
    const prev = before.get(d.personId);
    const change: DeductionChange = !prev ? 'new' : prev.cents !== d.cents ? 'changed' : 'unchanged';
    return {
      payDate,
      personId: d.personId,
      employeeId: d.employeeId,
      employeeName: d.employeeName,
      deductionCents: d.cents,
      previousCents: prev?.cents ?? 0,
      change,
      loanIds: d.loanIds,
    };
  });
  const ended: DeductionLine[] = [...before.values()]
    .filter((d) => !now.has(d.personId))
    .map((d) => ({
      payDate,
      personId: d.personId,
      employeeId: d.employeeId,
      employeeName: d.employeeName,
      deductionCents: 0,
      previousCents: d.cents,
      change: 'ended' as const,
      loanIds: d.loanIds,
    }));
  current.sort(byName);
  ended.sort(byName);
  return { payDate, previousPayDate: previous, lines: [...current, ...ended], totalCents: current.reduce((sum, l) => sum + l.deductionCents, 0) };
}

/** A line of a deduction-layout CSV as read (a remittance upload, or a deduction file read back). */
export interface ParsedDeductionLine {
  /** 1-based line number in the file (the header is line 1). */
  readonly line: number;
  readonly payDate: IsoDate;
  readonly employeeId: string;
  readonly employeeName: string;
  /** Dollars read into cents (0 allowed: nothing deducted or remitted). */
  readonly deductionCents: Cents;
  /** The change column; null when left empty. */
  readonly change: DeductionChange | null;
}

/** A line error, with the column at fault when one. */
export interface DeductionLineError {
  readonly line: number;
  readonly column?: DeductionColumn;
  readonly message: string;
}

export type DeductionParse =
  { readonly ok: true; readonly lines: readonly ParsedDeductionLine[] } | { readonly ok: false; readonly errors: readonly DeductionLineError[] };
