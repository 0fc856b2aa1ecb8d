/**
 * The borrower's loan views (GET /loans/last, /loans/ongoing_loans, /loans/history, /loans/last/onboarding):
 * the book's loan record (loan-book `loanWire`) with the refinance fields, composed here above the book
 * (issue #28, module floors) because the refinance facts belong to this module.
 */
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TLastLoanOnboardingResponse, TLoanHistoryQuery, TLoanHistoryResponse, TOngoingLoansResponse, TServicingLoan } from '@payrail/contract/servicing';
import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { ledgerOf, loanHasPendingTransaction, loansOfMember, memberLoanFacts } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { businessToday, businessTodayFrom } from '../../../lib/business-clock';
import type { MemberLoanFacts } from '../../loan-book/member-loan-facts.repository';
import type { ApplicationRow } from '../../application/repository';
import type { LoanRow } from '../../loan-book/repository';
import { periodsPerYear } from '@payrail/domain/loan/frequency';
import { loanState, loanStateFrom, loanWire, viewDate } from '../../loan-book/use-cases/loan-position';
import { applicationFacts, applicationFactsOf, loanRefinance, UNDER_REVIEW_STATUSES, WAITING_ESIGN_STATUSES } from './refinance-facts';
import type { ApplicationFacts } from './refinance-facts';

/** What {@link wire} reads once per member: the application facts and the business date. */
type MemberFacts = { facts: ApplicationFacts; today: IsoDate };

const memberFacts = async (ctx: AppContext, member: MemberRow, loans: readonly LoanRow[]): Promise<MemberFacts> => {
  const [facts, today] = await Promise.all([applicationFacts(ctx, member, loans), businessToday(ctx)]);
  return { facts, today };
};

/** The §3 Loan record with its refinance fields (eligibility, in progress, reapply countdown). */
export async function wire(ctx: AppContext, member: MemberRow, loan: LoanRow, known: MemberFacts | Promise<MemberFacts>): Promise<TServicingLoan> {
  // A closed loan is shown as it closed (viewDate: the same day the servicer's page and the history read).
  const closed = loan.status === 'closed_refinanced' || loan.status === 'closed_paid';
  const lastDate = async (): Promise<IsoDate> => {
    const { today } = await known;
    return closed ? viewDate(loan, await ledgerOf(ctx, loan.id), today) : today;
  };
  const [state, pending, { facts, today }] = await Promise.all([loanState(ctx, loan, lastDate()), loanHasPendingTransaction(ctx, loan.id), known]);
  return loanWire(state, loanRefinance(ctx, state, pending, facts, today));
}

/** GET /loans/last: the member's most recent loan; 404 when there is none. */
export async function lastLoan(ctx: AppContext, member: MemberRow): Promise<{ loan: TServicingLoan }> {
  // One statement: the member's loans and applications, the business date, the latest loan's note, ledger and payment in flight.
  const { facts: read, applications } = await memberLoanFacts(ctx, member.id, 'latest');
  const [loan] = read.loans;
  if (!loan) throw AppError.notFound(PAYMENT_MSG.loanNotFound);
  const today = businessTodayFrom(ctx, read.businessOverride);
  return { loan: wireFrom(ctx, loan, read, { facts: applicationFactsOf(member, applications, read.loans), today }) };
}

/** {@link wire} from the rows `memberLoanFacts` read for `loan` (its chosen loan): no statement of its own. */
function wireFrom(ctx: AppContext, loan: LoanRow, read: MemberLoanFacts, { facts, today }: MemberFacts): TServicingLoan {
  const closed = loan.status === 'closed_refinanced' || loan.status === 'closed_paid';
  const state = loanStateFrom(loan, read.note, read.ledger, closed ? viewDate(loan, read.ledger, today) : today);
  return loanWire(state, loanRefinance(ctx, state, read.pendingTransaction, facts, today));
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
    credit_balance: 0,
  };
}

/**
 * GET /loans/ongoing_loans: `opened_loan` is the member's live loan (opened or in default; omitted
 * otherwise). `applying_loan` is the loan being applied for: the member's open application once terms are
 * chosen and until it is funded — status `pending`, its id the application's, no loan number yet, figures
 * from the chosen terms, `is_waiting_esign` / `is_under_review` from the workflow status (omitted otherwise).
 */
export async function ongoingLoans(ctx: AppContext, member: MemberRow): Promise<TOngoingLoansResponse> {
  // One statement: the member's loans and applications, the business date, the live loan's note, ledger and payment in flight.
  const { facts: read, applications } = await memberLoanFacts(ctx, member.id, 'live');
  const { loans } = read;
  const today = businessTodayFrom(ctx, read.businessOverride);
  const application = applications.active;
  const live = loans.find((l) => l.status === 'opened' || l.status === 'default');
  const applying =
    application && (application.outcome === null || application.outcome === 'approved') && !loans.some((l) => l.applicationId === application.id)
      ? applyingLoanWire(application, member, today)
      : null;
  return {
    ...(live ? { opened_loan: { loan: wireFrom(ctx, live, read, { facts: applicationFactsOf(member, applications, loans), today }) } } : {}),
    ...(applying ? { applying_loan: { loan: applying } } : {}),
  };
}

/** GET /loans/history?status&from&to: the member's loans, newest first; from/to bound the effective date. */
export async function loanHistory(ctx: AppContext, member: MemberRow, q: TLoanHistoryQuery): Promise<TLoanHistoryResponse> {
  const all = await loansOfMember(ctx, member.id);
  const loans = all.filter((l) => (!q.status || l.status === q.status) && (!q.from || l.disbursementDate >= q.from) && (!q.to || l.disbursementDate <= q.to));
  if (loans.length === 0) return { loans: [] };
  const known = memberFacts(ctx, member, all);
  return { loans: await Promise.all(loans.map((l) => wire(ctx, member, l, known))) };
}

/** GET /loans/last/onboarding: the status of the member's last loan and where the application stands. */
export async function lastLoanOnboarding(ctx: AppContext, member: MemberRow): Promise<TLastLoanOnboardingResponse> {
  const [loan] = await loansOfMember(ctx, member.id);
  return {
    loan_status: loan?.status ?? null,
    loan_id: loan?.id ?? null,
    is_waiting_esign: WAITING_ESIGN_STATUSES.has(member.workflowStatus),
    is_under_review: UNDER_REVIEW_STATUSES.has(member.workflowStatus),
  };
}
