import type { TDeductionEmployees, TDeductionFile } from '@payrail/contract/employer-deductions';
import { addDays, utcDay } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { deductionFile, deductionsOn, nextPayDate } from '@payrail/domain/employer/deduction-file';
import type { DeductionFile, PayrollLoan } from '@payrail/domain/employer/deduction-file';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import { scheduleOfRecord } from '../../loan-book/use-cases/loan-position';

const DEDUCTED = new Set(['opened', 'default']);

/** The borrower's name as the employer knows the employee. */
export const employeeName = (first: string | null, last: string | null): string => [first, last].filter(Boolean).join(' ').trim() || 'Name not on file';

/** A payroll loan with whether it is still open (not paid off, refinanced or charged off). */
export type EmployerPayrollLoan = PayrollLoan & { open: boolean };

/**
 * The employer's loans repaid by payroll deduction, as the deduction file reads them: the schedule of record
 * of each (due-date revisions and payment plans applied), when the deduction ended (a closed loan: the day
 * after the business date of its last ledger entry; a reported termination: its effective date) and the
 * leaves reported (pauses). A loan switched off payroll by anything other than a reported termination is not
 * the employer's to deduct: left out.
 */

export async function payrollLoansOf(ctx: AppContext, employerId: number): Promise<EmployerPayrollLoan[]> {
  const [rows, changes] = await Promise.all([ctx.repos.employerDeductions.payrollLoans(employerId), ctx.repos.employerDeductions.changes(employerId)]);
  const out: EmployerPayrollLoan[] = [];
  for (const r of rows) {
    const mine = changes.map((c) => c.change).filter((c) => c.userId === r.loan.userId);
    const terminations = mine.filter((c) => c.kind === 'termination' && c.loanIds.includes(r.loan.id)).map((c) => c.effectiveDate as IsoDate);
    if (r.repayMethod !== 'split_direct_deposit' && terminations.length === 0) continue;
    const ends: IsoDate[] = [...terminations];
    // A closed loan: the day after the business date it closed (its last ledger entry: a pay date that day may be
    // the remittance that paid it off), else after the day the row closed.
    if (!DEDUCTED.has(r.loan.status)) ends.push(addDays((r.lastEntryOn as IsoDate | null) ?? utcDay(r.loan.closedAt ?? r.loan.updatedAt), 1));
    out.push({
      loanId: r.loan.id,
      personId: r.loan.userId,
      // No employee id on file: the loan number stands in (a remittance line may name either, as remittance files always could).
      employeeId: r.employeeId?.trim() || r.loan.identifier,
      employeeName: employeeName(r.firstName, r.lastName),
      installments: scheduleOfRecord(r.loan).rows.map((i) => ({ n: i.n, dueDate: i.dueDate, amountCents: i.paymentCents })),
      endsOn: ends.length === 0 ? null : ends.sort()[0]!,
      pauses: mine
        .filter((c) => c.kind === 'leave' && c.leaveEndDate !== null)
        .map((c) => ({ from: c.effectiveDate as IsoDate, to: c.leaveEndDate as IsoDate })),
      open: DEDUCTED.has(r.loan.status),
    });
  }
  return out;
}

async function employerOrFail(ctx: AppContext, employerId: number) {
  const employer = await ctx.repos.employerDeductions.employer(employerId);
  if (!employer) throw AppError.notFound('Employer not found.');
  return employer;
}

/** GET /api/employer_portal/deductions: the employees with an active payroll deduction. */
export async function deductionEmployees(ctx: AppContext, employerId: number): Promise<TDeductionEmployees> {
  const employer = await employerOrFail(ctx, employerId);
  const today = await businessToday(ctx);
  const loans = await payrollLoansOf(ctx, employerId);
  const active = loans.filter((l) => l.open && (l.endsOn === null || l.endsOn > today));
  const byPerson = new Map<number, PayrollLoan[]>();
  for (const l of active) byPerson.set(l.personId, [...(byPerson.get(l.personId) ?? []), l]);
  const employees: TDeductionEmployees['employees'] = [];
  for (const [personId, own] of byPerson) {
    const dates = [
      ...new Set(own.flatMap((l) => l.installments.filter((i) => i.amountCents > 0 && (l.endsOn === null || i.dueDate < l.endsOn)).map((i) => i.dueDate))),
    ].sort();
    if (dates.length === 0) continue;
    const next = nextPayDate(own, today);
    const amountOn = (d: IsoDate) =>
      deductionsOn(
        own.map((l) => ({ ...l, pauses: [] })),
        d,
      ).get(personId)?.cents ?? 0;
    const pause = own
      .flatMap((l) => l.pauses)
      .filter((p) => p.to >= today)
      .sort((a, b) => (a.from < b.from ? -1 : 1))[0];
    const first = own[0]!;
    employees.push({
      employee_id: own.find((l) => l.employeeId !== '')?.employeeId ?? '',
      employee_name: first.employeeName,
      deduction: amountOn(next ?? dates.find((d) => d >= today) ?? dates[dates.length - 1]!),
      first_pay_date: dates[0]!,
      last_pay_date: dates[dates.length - 1]!,
      next_pay_date: next,
      paused_from: pause?.from ?? null,
      paused_to: pause?.to ?? null,
    });
  }
  employees.sort((a, b) => a.employee_name.localeCompare(b.employee_name, 'en') || a.employee_id.localeCompare(b.employee_id, 'en'));
  return { as_of: today, pay_frequency: employer.payFrequency, employees };
}

/** The file for `payDate` (default: the next payroll on or after the business date; null when none is due). */
export async function employerDeductionFile(
  ctx: AppContext,
  employerId: number,
  payDate: string | undefined,
): Promise<{ today: IsoDate; file: DeductionFile | null }> {
  await employerOrFail(ctx, employerId);
  const today = await businessToday(ctx);
  const loans = await payrollLoansOf(ctx, employerId);
  const date = (payDate as IsoDate | undefined) ?? nextPayDate(loans, today);
  return { today, file: date ? deductionFile(loans, date) : null };
}

/** GET /api/employer_portal/deduction_file */
export async function deductionFileAnswer(ctx: AppContext, employerId: number, payDate: string | undefined): Promise<TDeductionFile> {
  const { today, file } = await employerDeductionFile(ctx, employerId, payDate);
  const count = (c: string) => file?.lines.filter((l) => l.change === c).length ?? 0;
  return {
    as_of: today,
    pay_date: file?.payDate ?? null,
    previous_pay_date: file?.previousPayDate ?? null,
    lines: (file?.lines ?? []).map((l) => ({
      employee_id: l.employeeId,
      employee_name: l.employeeName,
      deduction: l.deductionCents,
      previous_deduction: l.previousCents,
      change: l.change,
    })),
    changes: { new: count('new'), changed: count('changed'), ended: count('ended'), unchanged: count('unchanged') },
    total: file?.totalCents ?? 0,
    file_name: file ? ctx.providers.payrollFiles.deductionFileName(file.payDate) : null,
  };
}

/** GET /api/employer_portal/deduction_file.csv: the file's CSV (404 when no payroll is due and no date was asked). */
export async function deductionFileCsv(ctx: AppContext, employerId: number, payDate: string | undefined): Promise<{ fileName: string; csv: string }> {
  const { file } = await employerDeductionFile(ctx, employerId, payDate);
  if (!file) throw AppError.notFound('No payroll deduction is due on or after today: there is no deduction file to download.');
  return { fileName: ctx.providers.payrollFiles.deductionFileName(file.payDate), csv: ctx.providers.payrollFiles.writeDeductionFile(file) };
}
