import type { TServicingLoan } from '@payrail/contract/servicing';
import { parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import type { RefinanceRequirements } from '@payrail/domain/loan/refinance';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import type { LedgerEntry, LoanPosition } from '@payrail/domain/loan/ledger';
import { nextPaymentOf } from '@payrail/domain/servicing/statement';
import { periodsPerYear } from '@payrail/domain/loan/frequency';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import { withRevisedDueDates } from '@payrail/domain/loan/schedule-revision';
import { withPaymentPlans } from '@payrail/domain/loan/payment-plan';
import type { LoanSchedule } from '@payrail/domain/loan/schedule';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { LedgerEntryRow, LoanRow, TransactionRow } from '../repository';
import type { PaymentOnItsWay } from '@payrail/domain/servicing/payment-limit';

/** The signed note as the servicing repository reads it. */
type NoteRow = Awaited<ReturnType<AppContext['repos']['loanBook']['noteOf']>>;

/**
 * The loan's schedule of record — THE one place the stored contract becomes a schedule: the terms funding
 * copied from the signed note onto the loan row (amount, fee and whether it is financed, rate, frequency,
 * number of payments, disbursement and first payment dates), with the due dates in force after recorded
 * revisions (a due-date change, a hardship deferral: `loans.revised_due_dates`) and the payment plans applied
 * (`loans.payment_plans`, docs/payment-plans.md).
 */
export function scheduleOfRecord(loan: LoanRow): LoanSchedule {
  const contract = buildSchedule({
    amountCents: cents(loan.amountCents),
    originationFeeCents: cents(loan.feeCents),
    feeFinanced: loan.feeFinanced,
    annualRatePercent: loan.interestRate,
    frequency: loan.frequency as Frequency,
    numberOfPayments: loan.terms,
    disbursementDate: parseIsoDate(loan.disbursementDate),
    firstPaymentDate: parseIsoDate(loan.firstPaymentDate),
  });
  return withRevisedDueDates(withPaymentPlans(contract, loan.paymentPlans), loan.revisedDueDates);
}

/** The loan's contract: its schedule of record and the fee's name as the signed note printed it ("origination fee", or "document preparation fee"). */
export async function contractOf(ctx: AppContext, loan: LoanRow): Promise<{ schedule: LoanSchedule; feeLabel: string }> {
  return contractFrom(loan, await ctx.repos.loanBook.noteOf(loan.id));
}

/** {@link contractOf} from the note already read. */
export function contractFrom(loan: LoanRow, note: NoteRow | undefined): { schedule: LoanSchedule; feeLabel: string } {
  return { schedule: scheduleOfRecord(loan), feeLabel: note?.esignature.figures.fee_label ?? 'origination fee' };
}

/** The loan's contractual schedule (see {@link contractOf}). */
export const scheduleOf = async (ctx: AppContext, loan: LoanRow): Promise<LoanSchedule> => (await contractOf(ctx, loan)).schedule;

export const toDomainEntry = (e: LedgerEntryRow): LedgerEntry => ({
  id: e.id,
  kind: e.kind,
  effectiveDate: e.effectiveDate as IsoDate,
  amountCents: e.amountCents,
  reversesEntryId: e.reversesEntryId,
  installmentN: e.installmentN,
  reasonCode: e.reasonCode,
});

/**
 * The payments the loan book accepted that its ledger does not hold yet (see payment-limit.ts in the
 * domain): scheduled debits not sent, and a debit or charge taken but not posted. A sent ACH debit is
 * posted when sent, so it is in the ledger already.
 */
export function paymentsOnItsWay(transactions: readonly TransactionRow[], entries: readonly LedgerEntryRow[]): PaymentOnItsWay[] {
  const posted = new Set(entries.flatMap((e) => (e.transactionId !== null && e.kind !== 'reversal' && e.kind !== 'refund' ? [e.transactionId] : [])));
  return transactions
    .filter((t) => (t.status === 'scheduled' || t.status === 'pending') && !posted.has(t.id))
    .map((t) => ({ id: t.id, mode: t.mode, amountCents: t.amountCents, date: t.scheduledDate as IsoDate }));
}

/**
 * The day every view of a loan reads its figures as of (the borrower's record, the servicer's page, the
 * payment history): the business date, never before the disbursement; for a closed loan, the day it
 * closed when that is still ahead (a refinance pays the old loan off on the new loan's disbursement day,
 * which may follow the funding) — so every figure of a loan agrees at every moment.
 */
export function viewDate(
  loan: Pick<LoanRow, 'status' | 'disbursementDate'>,
  entries: readonly Pick<LedgerEntryRow, 'effectiveDate'>[],
  today: IsoDate,
): IsoDate {
  const from = today < loan.disbursementDate ? (loan.disbursementDate as IsoDate) : today;
  if (loan.status !== 'closed_refinanced' && loan.status !== 'closed_paid') return from;
  return entries.reduce<IsoDate>((m, e) => (e.effectiveDate > m ? (e.effectiveDate as IsoDate) : m), from);
}

/** Late fees no waiver or reversal undoes (what a waiver would take back), oldest first. */
export function openLateFees(entries: readonly LedgerEntryRow[]): LedgerEntryRow[] {
  const undone = new Set(entries.flatMap((e) => (e.reversesEntryId === null ? [] : [e.reversesEntryId])));
  return entries.filter((e) => e.kind === 'late_fee' && !undone.has(e.id));
}

/** A loan with its schedule, ledger and derived position as of `date` (never before the disbursement date). */
export interface LoanState {
  loan: LoanRow;
  schedule: LoanSchedule;
  /** The fee's name as the note printed it. */
  feeLabel: string;
  entries: LedgerEntryRow[];
  position: LoanPosition;
}

export async function loanState(ctx: AppContext, loan: LoanRow, date: IsoDate | Promise<IsoDate>): Promise<LoanState> {
  // `date` may still be on its way (the business date): the loan's reads do not wait for it.
  const [note, entries, on] = await Promise.all([ctx.repos.loanBook.noteOf(loan.id), ctx.repos.loanBook.ledger(loan.id), date]);
  return loanStateFrom(loan, note, entries, on);
}

/** {@link loanState} from the rows already read (the signed note and the ledger). */
export function loanStateFrom(loan: LoanRow, note: NoteRow | undefined, entries: LedgerEntryRow[], date: IsoDate): LoanState {
  const { schedule, feeLabel } = contractFrom(loan, note);
  const asOf = date < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : date;
  return { loan, schedule, feeLabel, entries, position: positionAsOf(schedule, entries.map(toDomainEntry), asOf) };
}

/** The member's loan, or 404 (another member's loan is not found either). */
export async function ownLoan(ctx: AppContext, userId: number, loanId: number): Promise<LoanRow> {
  const loan = await ctx.repos.loanBook.loan(loanId);
  if (!loan || loan.userId !== userId) throw new AppError('not_found', PAYMENT_MSG.loanNotFound, { extra: { error_messages: [PAYMENT_MSG.loanNotFound] } });
  return loan;
}

/**
 * The refinance fields of one loan view (spec §3 Loan: eligible_for_refinance … is_under_review): the
 * refinance module computes them (`loanRefinance`), the loan views above the book hand them to {@link loanWire}.
 */
export interface LoanRefinance {
  eligible: boolean;
  requirements: RefinanceRequirements;
  inProgress: boolean;
  isWaitingEsign: boolean;
  isUnderReview: boolean;
  daysLeftForReapply: number | null;
  dateToReapply: string | null;
}

/** The §3 Loan record on the wire (cents), from the loan and its derived position. */
export function loanWire(state: LoanState, refinance: LoanRefinance): TServicingLoan {
  const { loan, schedule, position } = state;
  const lastEntry = state.entries.reduce<Date>((m, e) => (e.createdAt > m ? e.createdAt : m), loan.updatedAt);
  return {
    id: loan.id,
    identifier: loan.identifier,
    loan_status: loan.status,
    due_date: position.closed ? null : position.nextDueDate,
    effective_date: loan.disbursementDate,
    amount: loan.amountCents,
    payment_per_term: schedule.regularPaymentCents,
    fee_amount: loan.feeCents,
    fee_label: state.feeLabel,
    interest_rate: loan.interestRate,
    apr: loan.aprPercent,
    terms_in_months: Math.round((loan.terms * 12) / periodsPerYear(loan.frequency)),
    number_of_allotments: loan.terms,
    finance_charge: loan.financeChargeCents,
    total_of_payments: loan.totalOfPaymentsCents,
    term_frequency: loan.frequency,
    principal_balance: position.principalCents,
    outstanding_balance: position.outstandingCents,
    paid_amount: position.paidCents,
    eligible_for_refinance: refinance.eligible,
    requirements_to_refinance: refinance.requirements,
    loan_master_loaded: true,
    updated_at: lastEntry.toISOString(),
    number_of_payments: position.paymentCount,
    terms: loan.terms,
    total_allotments_paid: position.installmentsPaid,
    remaining_terms: position.remainingTerms,
    days_left_for_reapply_refinance: refinance.daysLeftForReapply,
    date_to_reapply_refinance: refinance.dateToReapply,
    is_waiting_esign: refinance.isWaitingEsign,
    is_under_review: refinance.isUnderReview,
    refinance_in_progress: refinance.inProgress,
    days_past_due: position.daysPastDue,
    credit_balance: Math.max(0, position.unappliedCents),
    next_payment: nextPaymentWire(loan, position),
    paid_off_on: loan.status === 'closed_paid' ? paidInFullOn(position) : null,
  };
}

/** The next payment as the statement states it (the schedule of record's installment plus what is past due); null once nothing is due. */
function nextPaymentWire(loan: LoanRow, position: LoanPosition): TServicingLoan['next_payment'] {
  if (loan.status !== 'opened' && loan.status !== 'default') return null;
  const { next } = nextPaymentOf(position);
  return next && next.amountCents > 0 ? { amount: next.amountCents, due_date: next.dueDate } : null;
}

/** The day the last payment that stands (not returned) took effect: the day a paid loan was paid in full. */
function paidInFullOn(position: LoanPosition): string | null {
  return position.payments.reduce<string | null>(
    (last, p) => (p.returnedOn === null && p.allocation !== null && (last === null || p.entry.effectiveDate > last) ? p.entry.effectiveDate : last),
    null,
  );
}
