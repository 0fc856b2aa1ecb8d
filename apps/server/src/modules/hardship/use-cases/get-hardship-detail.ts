import type { THardshipDetail } from '@payrail/contract/hardship';
import { approvalEligibility } from '@payrail/domain/care/hardship';
import type { AppContext } from '../../../context';
import { findLoan } from '../../loan-book/loans';
import { openLateFees } from '../../loan-book/use-cases/loan-position';
import { allPlans, hardshipLoanFacts, requestOr404, requestsWire, scheduleWire } from './hardship-facts';

/** GET /backoffice/hardship_requests/{id}: the request, the borrower, the loan's position, the plans staff may approve. */
export async function getHardshipDetail(ctx: AppContext, id: number): Promise<THardshipDetail> {
  const row = await requestOr404(ctx, id);
  const loan = (await findLoan(ctx, row.loanId))!;
  const [facts, member] = await Promise.all([hardshipLoanFacts(ctx, loan), ctx.repos.hardship.borrower(row.userId)]);
  const fees = openLateFees(facts.state.entries);
  const { schedule, position } = facts.state;
  const e = approvalEligibility({ loanStatus: loan.status, lastApprovedOn: facts.lastApprovedOn, today: facts.today, deferPayments: row.deferPayments });
  return {
    request: (await requestsWire(ctx, [row], loan.identifier))[0]!,
    borrower: {
      user_id: row.userId,
      name: [member?.firstName, member?.lastName].filter(Boolean).join(' ') || (member?.email ?? ''),
      email: member?.email ?? '',
    },
    loan: {
      id: loan.id,
      identifier: loan.identifier,
      status: loan.status,
      frequency: loan.frequency,
      payment_per_term: schedule.regularPaymentCents,
      outstanding_balance: position.outstandingCents,
      principal_balance: position.principalCents,
      next_due_date: position.closed ? null : position.nextDueDate,
      days_past_due: position.daysPastDue,
      late_fees: fees.reduce((a, f) => a + f.amountCents, 0),
      apr: loan.aprPercent,
    },
    plans: allPlans(facts).map(({ k, deferral }) => ({
      defer_payments: k,
      schedule: scheduleWire(deferral.rows, deferral.dueDatesAfter),
      maturity_after: deferral.maturityAfter,
    })),
    approval_refusal: row.status === 'approved' || row.status === 'declined' ? null : e.ok ? null : e.message,
  };
}
