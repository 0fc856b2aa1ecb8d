import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TScheduledPayment } from '@payrail/contract/servicing';
import { formatCents, formatDate } from '@payrail/client/format';

/** How long the notification of a payment stays up (it is longer than most: it says what and when). */
export const PAYMENT_NOTICE_TIMEOUT_MS = 10_000;

/**
 * What the borrower is told after the server accepted a payment: the spec's words verbatim ("Your payment
 * has been sent successfully.", §8), then what was scheduled and for when, from the server's answer (its
 * transaction: the mode, the amount and the day money really moves — a weekend date is moved to the next
 * business day by the server), dates MM/DD/YYYY (§9). `today` is servicing's business date.
 *
 * - a one-time payment today: "… Your payment of $50.00 will be debited from your bank account today, 05/20/2031."
 * - one scheduled later: "… Your payment of $50.00 is scheduled for 06/10/2031."
 * - an auto-debit: "… Auto-debit is set up: $150.00 per payment, starting 12/15/2026."
 * - a payoff: "… Your payoff of $2,012.34 is scheduled for 05/22/2031." (or "will be debited … today"), then the
 *   payments scheduled before its day, which still go through ("Your payment scheduled before then (…) still
 *   goes through: the payoff then takes only what is left.")
 * - a card payment (settled at once): "… $25.00 was charged to your card ending 4242 today, 05/20/2031."
 */
export function paymentSentMessage(
  transaction: TScheduledPayment,
  today: string,
  card?: { last4: string },
  /** A payoff's: the payments scheduled before its day (keptByPayoff), which still go through first. */
  before: readonly TScheduledPayment[] = [],
): string {
  const amount = formatCents(transaction.amount);
  const date = formatDate(transaction.due_date);
  const isToday = transaction.due_date === today;
  let what: string;
  if (transaction.pay_method === 'debitcard') what = `${amount} was charged to your card${card ? ` ending ${card.last4}` : ''} today, ${date}.`;
  else if (transaction.transaction_mode === 'auto_debit') what = `Auto-debit is set up: ${amount} per payment, starting ${date}.`;
  else {
    const which = transaction.transaction_mode === 'payoff' ? 'payoff' : 'payment';
    what = isToday
      ? `Your ${which} of ${amount} will be debited from your bank account today, ${date}.`
      : `Your ${which} of ${amount} is scheduled for ${date}.`;
    if (transaction.transaction_mode === 'payoff' && before.length > 0) what = `${what} ${stillGoesThrough(before)}`;
  }
  return `${PAYMENT_MSG.sent} ${what}`;
}

/**
 * The payments scheduled before a payoff's day, which still go through (the server's notice says the same):
 * "Your payment scheduled before then ($50.00 on 06/03/2031) still goes through: the payoff then takes only
 * what is left." Earliest first.
 */
function stillGoesThrough(before: readonly TScheduledPayment[]): string {
  const list = [...before]
    .sort((a, b) => (a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1))
    .map((t) => `${formatCents(t.amount)} on ${formatDate(t.due_date)}`);
  const which =
    list.length === 1
      ? `Your payment scheduled before then (${list[0]}) still goes through`
      : `Your payments scheduled before then (${list.join(', ')}) still go through`;
  return `${which}: the payoff then takes only what is left.`;
}

/**
 * The notification after a scheduled payment was canceled: the spec's cancel success notification, then
 * which payment; canceling an auto-debit's payment stops the auto-debit (docs/servicing.md, Transactions).
 */
export function paymentCanceledMessage(transaction: Pick<TScheduledPayment, 'amount' | 'due_date' | 'transaction_mode'>): string {
  const which = `${formatCents(transaction.amount)} on ${formatDate(transaction.due_date)}`;
  if (transaction.transaction_mode === 'auto_debit') return `${PAYMENT_MSG.canceled} ${which} will not be debited, and your auto-debit is stopped.`;
  return `${PAYMENT_MSG.canceled} ${which} will not be debited.`;
}
