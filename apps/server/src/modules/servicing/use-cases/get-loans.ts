import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TLastLoanOnboardingResponse, TLoanHistoryQuery, TLoanHistoryResponse, TOngoingLoansResponse, TServicingLoan } from '@payrail/contract/servicing';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../identity/repository';
import { businessToday } from '../clock';
import type { ApplicationRow } from '../../application/repository';
import type { LoanRow } from '../repository';
import { periodsPerYear } from '@payrail/domain/loan/frequency';
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

/** An open application's chosen terms as the §3 Loan record (status `pending`), or null without terms. */
function applyingLoanWire(application: ApplicationRow, member: MemberRow, today: string): TServicingLoan | null {
  const a = application;
  if (
    a.amountCents === null ||
    a.numberOfPayments === null ||
    a.termFrequency === null ||
    a.interestRate === null ||
    a.paymentPerTermCents === null ||
    a.totalOfPaymentsCents === null ||
    a.financeChargeCents === null
  ) {
    return null;
  }
  const fee = a.feeAmountCents ?? 0;
  const principal = a.amountCents + (a.feeFinanced ? fee : 0);
  return {
    id: a.id,
    identifier: '', // a loan number is given at funding
    loan_status: 'pending',
    due_date: a.firstPaymentDate,
    effective_date: a.disbursementDate ?? today,
    amount: a.amountCents,
    payment_per_term: a.paymentPerTermCents,
    fee_amount: fee,
    fee_label: a.feeLabel ?? 'origination fee',
    interest_rate: a.interestRate,
    apr: a.aprPercent ?? a.interestRate,
    terms_in_months: a.termsInMonths ?? Math.round((a.numberOfPayments * 12) / periodsPerYear(a.termFrequency)),
    number_of_allotments: a.numberOfPayments,
    finance_charge: a.financeChargeCents,
    total_of_payments: a.totalOfPaymentsCents,
    term_frequency: a.termFrequency,
    principal_balance: principal,
    outstanding_balance: principal,
    paid_amount: 0,
    eligible_for_refinance: false,
    requirements_to_refinance: { no_pending_transactions: true, account_current: true, paid_enough: false, no_application_in_progress: false },
    loan_master_loaded: false, // nothing to replay before funding
    updated_at: a.updatedAt.toISOString(),
    number_of_payments: 0,
    terms: a.numberOfPayments,
    total_allotments_paid: 0,
    remaining_terms: a.numberOfPayments,
    days_left_for_reapply_refinance: null,
    date_to_reapply_refinance: null,
    is_waiting_esign: WAITING_ESIGN_STATUSES.has(member.workflowStatus),
    is_under_review: UNDER_REVIEW_STATUSES.has(member.workflowStatus),
    refinance_in_progress: member.loanType === 'refinancing',
    days_past_due: 0,
  };
}

/**
 * GET /loans/ongoing_loans: `opened_loan` is the member's live loan (opened or in default; omitted
 * otherwise). `applying_loan` is the loan being applied for: the member's open application once terms are
 * chosen and until it is funded — status `pending`, its id the application's, no loan number yet, figures
 * from the chosen terms, `is_waiting_esign` / `is_under_review` from the workflow status (omitted otherwise).
 */
export async function ongoingLoans(ctx: AppContext, member: MemberRow): Promise<TOngoingLoansResponse> {
  const [loans, application] = await Promise.all([ctx.repos.servicing.loansOfUser(member.id), ctx.repos.application.activeApplication(member.id)]);
  const live = loans.find((l) => l.status === 'opened' || l.status === 'default');
  const applying =
    application && (application.outcome === null || application.outcome === 'approved') && !loans.some((l) => l.applicationId === application.id) ? applyingLoanWire(application, member, await businessToday(ctx)) : null;
  return {
    ...(live ? { opened_loan: { loan: await wire(ctx, member, live) } } : {}),
    ...(applying ? { applying_loan: { loan: applying } } : {}),
  };
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
