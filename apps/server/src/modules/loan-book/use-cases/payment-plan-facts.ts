import { createHash } from 'node:crypto';
import type { TPaymentPlan, TPaymentPlanQuote, TPaymentPlanTerms } from '@payrail/contract/payment-plan';
import type { IsoDate } from '@payrail/domain/dates';
import { quotePaymentPlan } from '@payrail/domain/loan/payment-plan';
import type { PaymentPlanQuote, PaymentPlanTerms, PaymentPlanRefusal } from '@payrail/domain/loan/payment-plan';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import type { PaymentPlanRow } from '../payment-plans.repository';
import type { LedgerEntryRow, LoanRow, TransactionRow } from '../repository';
import { paymentsOnItsWay, scheduleOfRecord, toDomainEntry } from './loan-position';

/** Entry kinds that move money (a late fee does not count: a plan waives every one). */
const MONEY_KINDS: ReadonlySet<string> = new Set([
  'disbursement',
  'scheduled_debit',
  'one_time_payment',
  'payroll_remittance',
  'payoff',
  'reversal',
  'refund',
  'charge_off',
  'recovery',
]);

/**
 * What a proposal is valid for: the money posted (every money entry), the payments on their way and the
 * schedule in force. Signing refuses (409) when any of it moved since the proposal.
 */
export function fingerprintOf(loan: LoanRow, entries: readonly LedgerEntryRow[], transactions: readonly TransactionRow[]): string {
  const money = entries.filter((e) => MONEY_KINDS.has(e.kind)).map((e) => [e.id, e.kind, e.amountCents, e.effectiveDate, e.reversesEntryId]);
  const onItsWay = paymentsOnItsWay(transactions, entries).map((p) => [p.id, p.amountCents, p.date]);
  const schedule = [loan.paymentPlans?.length ?? 0, loan.revisedDueDates ?? null];
  return createHash('sha256').update(JSON.stringify({ money, onItsWay, schedule })).digest('hex');
}

/** A plan's terms as the domain reads them. */
export function termsOf(t: Pick<TPaymentPlanTerms, 'kind' | 'installments' | 'annual_rate_percent' | 'first_due_date'>): PaymentPlanTerms {
  if (t.kind === 'spread_past_due') return { kind: t.kind };
  return {
    kind: t.kind,
    installments: t.installments,
    annualRatePercent: t.annual_rate_percent || undefined,
    firstDueDate: (t.first_due_date as IsoDate | undefined) ?? undefined,
  };
}

export function rowTermsOf(row: PaymentPlanRow): PaymentPlanTerms {
  return termsOf({
    kind: row.kind,
    installments: row.installments ?? undefined,
    annual_rate_percent: row.annualRatePercent ?? undefined,
    first_due_date: row.firstDueDate ?? undefined,
  });
}

/** The plan of `terms` for the loan as read (rows already read, e.g. under the loan's lock). */
export function quoteFrom(
  loan: LoanRow,
  entries: readonly LedgerEntryRow[],
  transactions: readonly TransactionRow[],
  terms: PaymentPlanTerms,
  on: { today: IsoDate; proposedOn: IsoDate },
): { ok: true; quote: PaymentPlanQuote } | PaymentPlanRefusal {
  return quotePaymentPlan(
    {
      schedule: scheduleOfRecord(loan),
      entries: entries.map(toDomainEntry),
      effectiveDate: on.today,
      proposedOn: on.proposedOn,
      status: loan.status,
      paymentsOnTheirWay: paymentsOnItsWay(transactions, entries).length,
    },
    terms,
  );
}

/** The loan's facts for a plan now: the loan, its ledger and transactions, the business date. */
export async function planFacts(
  ctx: AppContext,
  loan: LoanRow,
): Promise<{ loan: LoanRow; entries: LedgerEntryRow[]; transactions: TransactionRow[]; today: IsoDate }> {
  const [entries, transactions, today] = await Promise.all([
    ctx.repos.loanBook.ledger(loan.id),
    ctx.repos.loanBook.transactionsOfLoan(loan.id),
    businessToday(ctx),
  ]);
  return { loan, entries, transactions, today };
}

/** A domain refusal as the API answers it: a field error (422 `{ errors }`) or the rule's message (422 `{ error }`). */
export function refusalError(r: PaymentPlanRefusal): AppError {
  return r.field ? AppError.fields({ [r.field]: [r.message] }) : new AppError('validation', r.message);
}

export function quoteWire(q: PaymentPlanQuote): TPaymentPlanQuote {
  return {
    kind: q.kind,
    effective_date: q.effectiveDate,
    annual_rate_percent: q.annualRatePercent,
    installments: q.installments,
    principal: q.principalCents,
    arrears: q.arrearsCents,
    fees_waived: q.feesWaivedCents,
    level_payment: q.levelPaymentCents,
    amount_financed: q.disclosure.amountFinancedCents,
    finance_charge: q.disclosure.financeChargeCents,
    total_of_payments: q.disclosure.totalOfPaymentsCents,
    apr: q.disclosure.aprPercent,
    rows: q.rows.map((r) => ({
      n: r.n,
      due_date: r.dueDate,
      payment: r.paymentCents,
      principal: r.principalCents,
      interest: r.interestCents,
      arrears: r.arrearsCents,
      fees: r.feesCents,
      balance: r.balanceCents,
    })),
    before: {
      payment_per_term: q.before.paymentPerTermCents,
      days_past_due: q.before.daysPastDue,
      past_due: q.before.pastDueCents,
      payoff: q.before.payoffCents,
      remaining_installments: q.before.remainingInstallments,
      maturity_date: q.before.maturityDate,
      annual_rate_percent: q.before.annualRatePercent,
    },
  };
}

export const planPdfFileName = (loan: Pick<LoanRow, 'identifier'>, planId: number) => `payment-plan-${loan.identifier}-${String(planId)}-signed.pdf`;
export const planPdfUrl = (planId: number) => `/api/loans/payment_plans/${String(planId)}/pdf`;

/** A plan as staff see it. */
export function planWire(row: PaymentPlanRow, proposedBy: string, loan: Pick<LoanRow, 'identifier'>): TPaymentPlan {
  return {
    id: row.id,
    loan_id: row.loanId,
    status: row.status,
    kind: row.kind,
    installments: row.installments,
    annual_rate_percent: row.annualRatePercent,
    first_due_date: row.firstDueDate,
    reason: row.reason,
    proposed_on: row.proposedOn,
    expires_on: row.expiresOn,
    proposed_by: proposedBy,
    proposed_quote: row.proposedQuote as TPaymentPlanQuote,
    accepted_quote: (row.acceptedQuote as TPaymentPlanQuote | null) ?? null,
    effective_date: row.effectiveDate,
    signature_name: row.signatureName,
    signed_at: row.signedAt?.toISOString() ?? null,
    ip: row.ip,
    withdrawn_reason: row.withdrawnReason,
    document:
      row.status === 'accepted'
        ? { id: row.id, file_name: planPdfFileName(loan, row.id), file_url: `/api/backoffice/loans/${String(row.loanId)}/payment_plans/${String(row.id)}/pdf` }
        : null,
  };
}
