import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TLastLoanOnboardingResponse, TLoanHistoryQuery, TLoanHistoryResponse, TOngoingLoansResponse, TServicingLoan } from '@payrail/contract/servicing';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../identity/repository';
import { businessToday } from '../clock';
import type { LoanRow } from '../repository';
import { loanState, loanWire } from './loan-position';
import { applicationFacts, loanRefinance, UNDER_REVIEW_STATUSES, WAITING_ESIGN_STATUSES } from '../../refinance/use-cases/refinance-facts';

/** The §3 Loan record with its refinance fields (eligibility, in progress, reapply countdown). */
export async function wire(ctx: AppContext, member: MemberRow, loan: LoanRow): Promise<TServicingLoan> {
  const today = await businessToday(ctx);
  // A closed loan is shown as it closed: a refinance's payoff is dated on the new loan's disbursement
  // date, which may still be ahead of the business date.
  const closed = loan.status === 'closed_refinanced' || loan.status === 'closed_paid';
  const lastDate = closed ? (await ctx.repos.servicing.ledger(loan.id)).reduce((m, e) => (e.effectiveDate > m ? e.effectiveDate : m), today as string) : today;
  const [state, transactions, facts] = await Promise.all([loanState(ctx, loan, lastDate as IsoDate), ctx.repos.servicing.transactionsOfLoan(loan.id), applicationFacts(ctx, member)]);
  return loanWire(state, loanRefinance(ctx, state, transactions, facts, today));
}

/** GET /loans/last: the member's most recent loan; 404 when there is none. */
export async function lastLoan(ctx: AppContext, member: MemberRow): Promise<{ loan: TServicingLoan }> {
  const [loan] = await ctx.repos.servicing.loansOfUser(member.id);
  if (!loan) throw AppError.notFound(PAYMENT_MSG.loanNotFound);
  return { loan: await wire(ctx, member, loan) };
}

/**
 * GET /loans/ongoing_loans: `opened_loan` is the member's live loan (opened or in default; omitted
 * otherwise). `applying_loan` — a loan still being applied for — has no loan record before funding in
 * this product (applications live in the application module), so it is omitted.
 */
export async function ongoingLoans(ctx: AppContext, member: MemberRow): Promise<TOngoingLoansResponse> {
  const loans = await ctx.repos.servicing.loansOfUser(member.id);
  const live = loans.find((l) => l.status === 'opened' || l.status === 'default');
  return live ? { opened_loan: { loan: await wire(ctx, member, live) } } : {};
}

/** GET /loans/history?status&from&to: the member's loans, newest first; from/to bound the effective date. */
export async function loanHistory(ctx: AppContext, member: MemberRow, q: TLoanHistoryQuery): Promise<TLoanHistoryResponse> {
  const loans = (await ctx.repos.servicing.loansOfUser(member.id)).filter(
    (l) => (!q.status || l.status === q.status) && (!q.from || l.disbursementDate >= q.from) && (!q.to || l.disbursementDate <= q.to),
  );
  return { loans: await Promise.all(loans.map((l) => wire(ctx, member, l))) };
}

/** GET /loans/last/onboarding: the status of the member's last loan and where the application stands. */
export async function lastLoanOnboarding(ctx: AppContext, member: MemberRow): Promise<TLastLoanOnboardingResponse> {
  const [loan] = await ctx.repos.servicing.loansOfUser(member.id);
  return {
    loan_status: loan?.status ?? null,
    loan_id: loan?.id ?? null,
    is_waiting_esign: WAITING_ESIGN_STATUSES.has(member.workflowStatus),
    is_under_review: UNDER_REVIEW_STATUSES.has(member.workflowStatus),
  };
}
