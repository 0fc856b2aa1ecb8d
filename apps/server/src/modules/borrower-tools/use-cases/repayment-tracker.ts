import { cents, formatUsd } from '@payrail/domain/money';
import type { TRepaymentTrackerResponse } from '@payrail/contract/borrower-tools';
import { trackRepayments } from '@payrail/domain/servicing/repayment-tracker';
import type { AppContext } from '../../../context';
import { findLoan, installmentsOf } from '../../loan-book/loans';
import { notifyMember } from '../../engagement/notifications';
import { formatDate } from '../../esignature/loan-figures';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import { loanState, ownLoan } from '../../loan-book/use-cases/loan-position';

/** Days after a payday during which a remittance not yet received is still expected (files arrive late). */
export const REMITTANCE_GRACE_DAYS = 5;

/** GET /loans/{loanId}/repayment_tracker: per pay date, expected vs received payroll remittance (owner only). */
export async function repaymentTracker(ctx: AppContext, member: MemberRow, loanId: number): Promise<TRepaymentTrackerResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  const today = await businessToday(ctx);
  const repayment = await ctx.repos.borrowerTools.repaymentOf(loan.id);
  if (repayment?.paymentMethod !== 'split_direct_deposit')
    return { loan_id: loan.id, payroll: false, employer: repayment?.employer ?? null, as_of: today, pay_dates: [] };
  const [state, lines, reportedMissing] = await Promise.all([
    loanState(ctx, loan, today),
    ctx.repos.borrowerTools.remittancesOf(loan.id, loan.identifier),
    ctx.hooks.borrowerTools.payDatesReportedMissing(ctx, loan.id),
  ]);
  const rows = trackRepayments(
    state.schedule.rows.map((r) => ({ n: r.n, dueDate: r.dueDate, amountCents: r.paymentCents })),
    lines.map((l) => ({
      payDate: l.payDate,
      amountCents: l.amountCents,
      status: l.status === 'suspense' ? ('suspense' as const) : ('posted' as const),
    })),
    {
      today,
      installmentsPaid: state.position.closed ? state.schedule.rows.length : state.position.installmentsPaid,
      graceDays: REMITTANCE_GRACE_DAYS,
      reportedMissing: new Set(reportedMissing),
    },
  );
  return {
    loan_id: loan.id,
    payroll: true,
    employer: repayment.employer ?? null,
    as_of: today,
    pay_dates: rows.map((r) => ({
      n: r.n,
      pay_date: r.payDate,
      expected: r.expectedCents,
      received: r.receivedCents,
      in_suspense: r.inSuspenseCents,
      status: r.status,
      reason: r.reason,
      action: r.action,
    })),
  };
}

/**
 * After a remittance import: a borrower whose employer remitted less than the installment due on that
 * pay date is told at once (the tracker says why and what to do). Lines of the same loan and pay date
 * are added up first, so a remittance split over two lines is not reported short.
 */
export async function notifyShortRemittances(
  ctx: AppContext,
  posted: readonly { loanId: number | null; payDate: string; amountCents: number }[],
): Promise<void> {
  const byKey = new Map<string, { loanId: number; payDate: string; amountCents: number }>();
  for (const l of posted) {
    if (l.loanId === null) continue;
    const key = `${String(l.loanId)}|${l.payDate}`;
    const sum = byKey.get(key);
    byKey.set(key, { loanId: l.loanId, payDate: l.payDate, amountCents: (sum?.amountCents ?? 0) + l.amountCents });
  }
  const at = ctx.now();
  for (const { loanId, payDate, amountCents } of byKey.values()) {
    const installment = (await installmentsOf(ctx, loanId)).find((i) => i.dueDate === payDate);
    if (!installment || amountCents >= installment.paymentCents) continue;
    const loan = await findLoan(ctx, loanId);
    if (!loan) continue;
    await notifyMember(
      ctx,
      loan.userId,
      `Your employer's payroll deduction for ${formatDate(payDate)} was ${formatUsd(cents(amountCents))}, ${formatUsd(cents(installment.paymentCents - amountCents))} less than your ${formatUsd(cents(installment.paymentCents))} payment. See Payroll deductions in Loans & Payments for what to do.`,
      at,
    );
  }
}

/**
 * After an employer's remittance (employer portal) left out a borrower whose deduction was due that pay
 * date: the borrower is told at once, with what to do (the tracker shows the pay date as missing).
 */
export async function notifyMissingRemittances(
  ctx: AppContext,
  missing: readonly { loanId: number; payDate: string; expectedCents: number; employer: string }[],
): Promise<void> {
  const at = ctx.now();
  for (const m of missing) {
    const loan = await findLoan(ctx, m.loanId);
    if (!loan) continue;
    await notifyMember(
      ctx,
      loan.userId,
      `${m.employer} reported no payroll deduction from you for ${formatDate(m.payDate)}: your ${formatUsd(cents(m.expectedCents))} payment was not remitted. See Payroll deductions in Loans & Payments for what to do.`,
      at,
    );
  }
}
