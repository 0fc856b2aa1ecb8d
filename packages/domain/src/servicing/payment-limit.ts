/**
 * What a borrower may still pay on a loan, given the payments already on their way: the one rule every
 * command that takes money checks under the loan's row lock (docs/servicing.md, "The loan book").
 *
 * "On its way" is a payment the loan book accepted that the ledger does not hold yet: a scheduled ACH
 * debit not sent (one-time, payoff, auto-debit, re-presentment) or a card charge being taken. A sent ACH
 * debit is already a ledger entry (posted when sent, reversed if returned), so the payoff quote of the
 * ledger counts it; counting it again would refuse money that is owed.
 */
import { adjustToBusinessDay, nextBusinessDay } from '../calendar';
import type { IsoDate } from '../dates';
import { cents } from '../money';
import type { Cents } from '../money';
import type { PaymentMode } from '../loan/statuses';

export type { PaymentMode };

/** A payment accepted and not in the ledger yet. */
export interface PaymentOnItsWay {
  readonly id: number;
  readonly mode: PaymentMode;
  readonly amountCents: number;
  /** The date it will be taken (ISO day). */
  readonly date: IsoDate;
}

/** What can be paid on a date. */
export interface PaymentLimit {
  /** The most a one-time payment (ACH or card) dated on the day may be, ≥ 0. */
  readonly maxCents: Cents;
  /** The payments on their way dated on or before the day. */
  readonly onItsWayCents: Cents;
  /** A payoff is already on its way: nothing else may be paid, and no second payoff may be asked. */
  readonly payoffOnItsWay: PaymentOnItsWay | null;
}

/**
 * The limit of a one-time payment dated `date`: the payoff quote of that date less the payments on
 * their way up to that date; nothing while a payoff is on its way (it pays everything).
 */
export function paymentLimit(payoffOnDateCents: number, onItsWay: readonly PaymentOnItsWay[], date: IsoDate): PaymentLimit {
  const payoffOnItsWay = onItsWay.find((p) => p.mode === 'payoff') ?? null;
  const before = onItsWay.filter((p) => p.date <= date).reduce((sum, p) => sum + p.amountCents, 0);
  const max = payoffOnItsWay ? 0 : Math.max(0, payoffOnDateCents - before);
  return { maxCents: cents(max), onItsWayCents: cents(before), payoffOnItsWay };
}

/**
 * The payments a new payoff replaces (the documented rule): every other payment on its way — scheduled
 * one-time payments and auto-debits, whatever their date — is canceled in the payoff's own transaction,
 * because the payoff quote already pays everything they would pay. A payoff never nets them out: one
 * debit of the quoted amount is what the borrower sees and what the bank takes.
 */
export function replacedByPayoff(onItsWay: readonly PaymentOnItsWay[]): readonly PaymentOnItsWay[] {
  return onItsWay.filter((p) => p.mode !== 'payoff');
}

/**
 * The day money asked for `date` really moves: ACH settles on business days only, so a payment or payoff
 * asked for a weekend or a bank holiday is quoted, scheduled and posted for the next business day (never
 * quoted for Saturday and taken on Monday at Saturday's amount, which leaves two days of interest owed);
 * likewise a payment asked for today once today's daily run has sent its debits.
 */
export const settlementDate = (date: IsoDate, run?: { today: IsoDate; todaysRunDone: boolean }): IsoDate => {
  const on = adjustToBusinessDay(date);
  // Asked for today after today's daily run went out: it goes with the next run, on the next business day.
  return run && on === run.today && run.todaysRunDone ? nextBusinessDay(on) : on;
};

/**
 * What a debit due to be sent may take: never more than the borrower authorised, and never more than the
 * loan owes on the send date (less what this run already took). Zero: the debit is no longer needed and
 * is canceled, not sent.
 */
export function amountToSend(authorisedCents: number, owedCents: number): Cents {
  return cents(Math.max(0, Math.min(authorisedCents, owedCents)));
}
