import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPayoffResponse, TScheduledPayment } from '@payrail/contract/servicing';
import { isBusinessDay } from '@payrail/domain/calendar';
import { dayOfWeek, isIsoDate } from '@payrail/domain/dates';
import { cents, formatCents as plainCents } from '@payrail/domain/money';
import { formatCents, formatDate } from '@payrail/client/format';

/**
 * What a one-time payment may be, read from the payoff quote of its date (GET /{loanId}/payoff/{date}):
 * `payable_amount` is the payoff of the day money moves less the payments already on their way
 * (scheduled debits not sent yet) dated up to it, and 0 while a payoff is on its way. The server checks
 * the same rule under the loan's lock and answers 422 with its own words; this only says it first.
 */
export interface PaymentLimit {
  /** The most a one-time payment on the quote's date may be (cents). */
  maxCents: number;
  /** Shown next to the amount while something is on its way and the limit is below the payoff; null otherwise. */
  hint: string | null;
  /** Nothing can be paid (a payoff, or payments covering the whole payoff, are on their way): the text to show instead of the form. */
  blocked: string | null;
  /** The refusal of an amount above {@link maxCents}. */
  refusal: string;
}

/** The loan's payoff that is on its way (scheduled, not sent to the bank yet), if any. */
export function payoffOnItsWay(transactions: readonly TScheduledPayment[] | undefined): TScheduledPayment | undefined {
  return transactions?.find((t) => t.transaction_mode === 'payoff' && t.transaction_status === 'scheduled');
}

/** The payments still scheduled (one-time and auto-debit, not a payoff), earliest first. */
function scheduledPayments(transactions: readonly TScheduledPayment[] | undefined): TScheduledPayment[] {
  return (transactions ?? [])
    .filter((t) => t.transaction_status === 'scheduled' && t.transaction_mode !== 'payoff')
    .sort((a, b) => (a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1));
}

/**
 * The payments a payoff for `payoffDate` (the day the bank is debited) cancels (docs/servicing.md, "The
 * loan book"): the server cancels, in the payoff's own transaction, the payments still scheduled dated on or
 * after that day. A payoff on its way is not one of them (no second payoff is accepted). Earliest first.
 */
export function canceledByPayoff(transactions: readonly TScheduledPayment[] | undefined, payoffDate: string): TScheduledPayment[] {
  return scheduledPayments(transactions).filter((t) => t.due_date >= payoffDate);
}

/** The payments scheduled before the payoff's day: they stay and are taken first; the payoff then takes what is left. Earliest first. */
export function keptByPayoff(transactions: readonly TScheduledPayment[] | undefined, payoffDate: string): TScheduledPayment[] {
  return scheduledPayments(transactions).filter((t) => t.due_date < payoffDate);
}

const listed = (payments: readonly TScheduledPayment[]): string => {
  const all = payments.map((t) => `${formatCents(t.amount)} on ${formatDate(t.due_date)}`);
  const last = all.pop() ?? '';
  return all.length === 0 ? last : `${all.join(', ')} and ${last}`;
};

/**
 * What the borrower is told before confirming a payoff for `payoffDate` about their scheduled payments:
 * those it cancels ("Paying off cancels your 2 scheduled payments: $50.00 on 12/09/2026 and $241.16 on
 * 12/18/2026.") and those dated before it, which are still taken ("Your scheduled payment of $50.00 on
 * 12/04/2026 comes before the payoff and is still taken: the payoff then takes only what is left."); null
 * when there are none.
 */
export function payoffCancelsNotice(transactions: readonly TScheduledPayment[] | undefined, payoffDate: string): string | null {
  const canceled = canceledByPayoff(transactions, payoffDate);
  const kept = keptByPayoff(transactions, payoffDate);
  const parts: string[] = [];
  if (canceled.length === 1) parts.push(`Paying off cancels your scheduled payment of ${listed(canceled)}.`);
  else if (canceled.length > 1) parts.push(`Paying off cancels your ${canceled.length} scheduled payments: ${listed(canceled)}.`);
  if (kept.length === 1)
    parts.push(`Your scheduled payment of ${listed(kept)} comes before the payoff and is still taken: the payoff then takes only what is left.`);
  else if (kept.length > 1)
    parts.push(`Your ${kept.length} scheduled payments before the payoff (${listed(kept)}) are still taken: the payoff then takes only what is left.`);
  return parts.length === 0 ? null : parts.join(' ');
}

/**
 * The limit of a one-time payment for a quote. `now` words it for a payment taken at once (a card
 * charge: the server's own text), otherwise for the quote's date ("on 12/07/2026"). `transactions` (the
 * loan's scheduled payments) name the date of a payoff on its way.
 */
export function paymentLimit(
  quote: TPayoffResponse,
  transactions: readonly TScheduledPayment[] | undefined,
  { now = false }: { now?: boolean } = {},
): PaymentLimit {
  const payoff = quote.payoff_amount;
  const max = Math.max(0, quote.payable_amount ?? payoff);
  const onItsWay = quote.on_its_way_amount ?? 0;
  const payoffOnWay = payoffOnItsWay(transactions);
  let blocked: string | null = null;
  if (max === 0 && payoffOnWay) blocked = PAYMENT_MSG.payoffOnItsWay(formatDate(payoffOnWay.due_date));
  else if (max === 0 && onItsWay > 0)
    blocked = `The payments already on their way (${formatCents(onItsWay)}) pay what this loan owes on ${formatDate(quote.date)}: nothing more is needed.`;
  const hint =
    blocked === null && onItsWay > 0 && max < payoff
      ? now
        ? PAYMENT_MSG.amountAboveLimit(formatCents(max), formatCents(onItsWay))
        : `You can pay at most ${formatCents(max)} on ${formatDate(quote.date)}: ${formatCents(onItsWay)} is already on its way.`
      : null;
  const refusal = blocked ?? hint ?? (payoff <= 0 ? PAYMENT_MSG.loanNotPayable : PAYMENT_MSG.amountAbovePayoff(plainCents(cents(payoff))));
  return { maxCents: max, hint, blocked, refusal };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Monday 12/07/2026'; the date as MM/DD/YYYY alone when it is not an ISO day. */
export function formatDayAndDate(iso: string): string {
  return isIsoDate(iso) ? `${WEEKDAYS[dayOfWeek(iso)]} ${formatDate(iso)}` : formatDate(iso);
}

/**
 * ACH moves money on business days only: the quote answers the day the bank is really debited. When that
 * is not the chosen day, the text that says so; null when it is.
 */
export function movedDateNotice(chosen: string, quote: Pick<TPayoffResponse, 'date'> | undefined): string | null {
  if (!quote || quote.date === chosen) return null;
  // A business day moved too: today's debits have already gone to the bank.
  const why = isIsoDate(chosen) && isBusinessDay(chosen) ? "today's payments have already been sent to the bank" : 'the date you chose is not a business day';
  return `Your bank is debited on ${formatDayAndDate(quote.date)}: ${why}.`;
}
