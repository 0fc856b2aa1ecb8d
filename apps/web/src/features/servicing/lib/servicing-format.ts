import { GLOSSARY, payFrequencyLabel } from '@payrail/ui/glossary';
import { PAYMENT_SOURCE_LABELS } from '@payrail/ui/labels';
import type { LoanStatus, PaymentSource, PayMethod, PaymentMode, TransactionStatus } from '@payrail/contract/servicing';

/**
 * Percent of the loan paid, TRUNCATED (not rounded) to one decimal (spec §9 "loan progress truncated to
 * one decimal"). Integer arithmetic on cents: 2/3 paid is 66.6, never 66.7; nothing owed is 100.
 */
export function percentPaid(paidCents: number, totalCents: number): number {
  if (totalCents <= 0) return paidCents > 0 ? 100 : 0;
  const clamped = Math.min(Math.max(paidCents, 0), totalCents);
  const tenths = Math.floor((clamped * 1000) / totalCents);
  return tenths / 10;
}

/** '66.6%' (one decimal always shown). */
export function formatPercentPaid(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** §3 label of a loan status (opened → Active, closed_refinanced → Refinanced, closed_paid → Finished…). */
export function loanStatusLabel(status: LoanStatus): string {
  return GLOSSARY.loanStatuses[status];
}

export function payMethodLabel(method: PayMethod): string {
  return GLOSSARY.payMethods[method];
}

export function paymentSourceLabel(source: PaymentSource): string {
  return PAYMENT_SOURCE_LABELS[source];
}

export function paymentModeLabel(mode: PaymentMode): string {
  return GLOSSARY.paymentModes[mode];
}

const TRANSACTION_LABELS: Readonly<Record<TransactionStatus, string>> = {
  scheduled: 'Scheduled',
  pending: 'In progress',
  settled: 'Settled',
  returned: 'Returned',
  canceled: 'Canceled',
};

export function transactionStatusLabel(status: TransactionStatus): string {
  return TRANSACTION_LABELS[status];
}

/** A term frequency as the product words it (the glossary of packages/ui). */
export function termFrequencyLabel(frequency: string): string {
  return payFrequencyLabel(frequency);
}

/**
 * The first day a payment may be dated (the server's rule, request-payment.ts): not before servicing's
 * business date and not before the loan starts (its disbursement date, `effective_date`). It is the
 * payment forms' default date and their minimum. Amounts typed in dollars are read by
 * `@payrail/client/money-input` (one reader for every amount input of the payment screens).
 */
export function firstPaymentDate(today: string, loanStarts: string): string {
  return loanStarts > today ? loanStarts : today;
}

/** The one-time minimum (spec §5/§9: 10 dollars), in cents. */
export const ONE_TIME_MINIMUM_CENTS = 1000;
