import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type {
  TLastLoanOnboardingResponse,
  TLoanHistoryQuery,
  TLoanHistoryResponse,
  TNextTermDateResponse,
  TOngoingLoansResponse,
  TPaymentHistoryQuery,
  TPaymentHistoryResponse,
  TPaymentRow,
  TPayoffResponse,
  TScheduledPaymentsResponse,
  TServicingLoan,
} from '@payrail/contract/servicing';
import { isIsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../identity/repository';
import { businessToday } from '../clock';
import type { LoanRow } from '../repository';
import { loanState, loanWire, ownLoan } from './loan-position';
import { paymentErrors, scheduledPaymentWire } from './request-payment';

/** Member statuses of an application under review (spec §6 review-stage statuses). */
const UNDER_REVIEW: ReadonlySet<string> = new Set(['employer_review', 'application_submitted', 'review_application', 'review_allotment', 'ready_for_review', 'reconsider_declined']);
const WAITING_ESIGN: ReadonlySet<string> = new Set(['esignature_needed', 'refinancing_esignature']);

async function wire(ctx: AppContext, loan: LoanRow): Promise<TServicingLoan> {
  const [state, transactions] = await Promise.all([loanState(ctx, loan, await businessToday(ctx)), ctx.repos.servicing.transactionsOfLoan(loan.id)]);
  return loanWire(state, transactions);
}

/** GET /loans/last: the member's most recent loan; 404 when there is none. */
export async function lastLoan(ctx: AppContext, member: MemberRow): Promise<{ loan: TServicingLoan }> {
  const [loan] = await ctx.repos.servicing.loansOfUser(member.id);
  if (!loan) throw AppError.notFound(PAYMENT_MSG.loanNotFound);
  return { loan: await wire(ctx, loan) };
}

/**
 * GET /loans/ongoing_loans: `opened_loan` is the member's live loan (opened or in default; omitted
 * otherwise). `applying_loan` — a loan still being applied for — has no loan record before funding in
 * this product (applications live in the application module), so it is omitted.
 */
export async function ongoingLoans(ctx: AppContext, member: MemberRow): Promise<TOngoingLoansResponse> {
  const loans = await ctx.repos.servicing.loansOfUser(member.id);
  const live = loans.find((l) => l.status === 'opened' || l.status === 'default');
  return live ? { opened_loan: { loan: await wire(ctx, live) } } : {};
}

/** GET /loans/history?status&from&to: the member's loans, newest first; from/to bound the effective date. */
export async function loanHistory(ctx: AppContext, member: MemberRow, q: TLoanHistoryQuery): Promise<TLoanHistoryResponse> {
  const loans = (await ctx.repos.servicing.loansOfUser(member.id)).filter(
    (l) => (!q.status || l.status === q.status) && (!q.from || l.disbursementDate >= q.from) && (!q.to || l.disbursementDate <= q.to),
  );
  return { loans: await Promise.all(loans.map((l) => wire(ctx, l))) };
}

/** GET /loans/last/onboarding: the status of the member's last loan and where the application stands. */
export async function lastLoanOnboarding(ctx: AppContext, member: MemberRow): Promise<TLastLoanOnboardingResponse> {
  const [loan] = await ctx.repos.servicing.loansOfUser(member.id);
  return {
    loan_status: loan?.status ?? null,
    loan_id: loan?.id ?? null,
    is_waiting_esign: WAITING_ESIGN.has(member.workflowStatus),
    is_under_review: UNDER_REVIEW.has(member.workflowStatus),
  };
}

/**
 * GET /loans/history/payments?loan_id&from&to: posted payments of the member's loans (returned ones
 * marked, with their return date and code), newest first, each with its allocation as of today.
 */
export async function paymentHistory(ctx: AppContext, member: MemberRow, q: TPaymentHistoryQuery): Promise<TPaymentHistoryResponse> {
  const loans = q.loan_id ? [await ownLoan(ctx, member.id, q.loan_id)] : await ctx.repos.servicing.loansOfUser(member.id);
  const today = await businessToday(ctx);
  const rows: TPaymentRow[] = [];
  for (const loan of loans) {
    const state = await loanState(ctx, loan, today);
    const transactions = new Map((await ctx.repos.servicing.transactionsOfLoan(loan.id)).map((t) => [t.id, t]));
    const entries = new Map(state.entries.map((e) => [e.id, e]));
    for (const p of state.position.payments) {
      const stored = entries.get(p.entry.id)!;
      const a = p.allocation;
      const txn = stored.transactionId !== null ? transactions.get(stored.transactionId) : undefined;
      const firstInstallment = a?.installments[0]?.n;
      rows.push({
        id: stored.id,
        loan_id: loan.id,
        source: stored.kind === 'payroll_remittance' ? 'payroll_remittance' : stored.kind === 'payoff' ? 'payoff' : stored.kind === 'scheduled_debit' ? 'auto_debit' : txn?.method === 'debitcard' ? 'debit_card' : 'one_time',
        amount: stored.amountCents,
        principal_paid: a ? a.principalCents + a.prepaidPrincipalCents : 0,
        interest_paid: a?.interestCents ?? 0,
        fees_paid: a?.feesCents ?? 0,
        due_date: firstInstallment !== undefined ? (state.schedule.dueDates[firstInstallment - 1] ?? null) : null,
        effective_date: stored.effectiveDate,
        status: p.returnedOn ? 'returned' : 'posted',
        returned_on: p.returnedOn,
        return_reason: p.returnedOn ? (state.entries.find((e) => e.reversesEntryId === stored.id)?.reasonCode ?? null) : null,
      });
    }
  }
  const inRange = rows.filter((r) => (!q.from || r.effective_date >= q.from) && (!q.to || r.effective_date <= q.to));
  inRange.sort((a, b) => (a.effective_date < b.effective_date ? 1 : a.effective_date > b.effective_date ? -1 : b.id - a.id));
  return { payments: inRange };
}

/** GET /transactions/loan/{loanId}: the loan's transactions (scheduled first by date), owner only. */
export async function loanTransactions(ctx: AppContext, member: MemberRow, loanId: number): Promise<TScheduledPaymentsResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  return { transactions: (await ctx.repos.servicing.transactionsOfLoan(loan.id)).map(scheduledPaymentWire) };
}

/** PATCH /transactions/cancel/{id}: only the owner's scheduled payment; 409 once sent, settled, returned or canceled. */
export async function cancelTransaction(ctx: AppContext, member: MemberRow, id: number) {
  const txn = await ctx.repos.servicing.transaction(id);
  if (!txn || txn.userId !== member.id) throw paymentErrors([PAYMENT_MSG.transactionNotFound], 'not_found');
  const canceled = await ctx.repos.servicing.cancelTransaction(id, ctx.now());
  if (!canceled) throw paymentErrors([PAYMENT_MSG.inProgressOrDone], 'conflict');
  return { ok: true as const, message: PAYMENT_MSG.canceled, transaction: scheduledPaymentWire(canceled) };
}

/** GET /{loanId}/payoff/{date}: the domain payoff quote on that date (owner only; a valid date, not before today). */
export async function payoffQuote(ctx: AppContext, member: MemberRow, loanId: number, date: string): Promise<TPayoffResponse> {
  if (!isIsoDate(date)) throw paymentErrors([PAYMENT_MSG.payoffDateInvalid], 'bad_request');
  const loan = await ownLoan(ctx, member.id, loanId);
  const today = await businessToday(ctx);
  if (date < today) throw paymentErrors([PAYMENT_MSG.payoffDateInPast], 'bad_request');
  const state = await loanState(ctx, loan, date);
  return { payoff_amount: state.position.outstandingCents, date };
}

/** GET /transactions/loan/next_term_date/{loanId}: the due date of the installment in progress (an auto-debit's first date). */
export async function nextTermDate(ctx: AppContext, member: MemberRow, loanId: number): Promise<TNextTermDateResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  const state = await loanState(ctx, loan, await businessToday(ctx));
  const current = state.position.ledger.current;
  if (!current || state.position.closed) throw paymentErrors([PAYMENT_MSG.noNextTermDate]);
  return { next_term_date: current.dueDate, payment_per_term: state.schedule.regularPaymentCents };
}
