import type { THardshipPage } from '@payrail/contract/hardship';
import { hardshipEligibility } from '@payrail/domain/care/hardship';
import type { AppContext } from '../../../context';
import { ownLoan } from '../../loan-book/use-cases/loan-position';
import { allPlans, hardshipLoanFacts, requestsWire } from './hardship-facts';

/** GET /dashboard/loans/{loanId}/hardship: whether the borrower may ask now (else why not), the plans, the requests so far. */
export async function getHardshipPage(ctx: AppContext, userId: number, loanId: number): Promise<THardshipPage> {
  const loan = await ownLoan(ctx, userId, loanId);
  const [facts, rows] = await Promise.all([hardshipLoanFacts(ctx, loan), ctx.repos.hardship.ofLoan(loan.id)]);
  const open = rows.some((r) => r.status === 'submitted' || r.status === 'info_requested');
  const e = hardshipEligibility({ loanStatus: loan.status, hasOpenRequest: open, lastApprovedOn: facts.lastApprovedOn, today: facts.today });
  const plans = allPlans(facts);
  return {
    loan_id: loan.id,
    loan_identifier: loan.identifier,
    loan_status: loan.status,
    days_past_due: facts.state.position.daysPastDue,
    refusal: e.ok ? null : e.message,
    plans: plans.map(({ k, deferral }) => ({
      defer_payments: k,
      first_moved_n: deferral.firstMovedN,
      maturity_before: deferral.maturityBefore,
      maturity_after: deferral.maturityAfter,
      // The revised schedule's next payment due (an installment kept because its debit is on its way stays next).
      next_due_date: deferral.nextDueDate,
    })),
    requests: await requestsWire(ctx, rows, loan.identifier),
  };
}
