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
import { positionAsOf } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import type { LoanSchedule } from '../loan/schedule';
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

/** What a payoff requested for a day does to the payments on their way (payoffRequest). */
export interface PayoffRequest {
  /**
   * Canceled in the payoff's own transaction: the payments on their way dated ON OR AFTER the payoff's day
   * (they would be taken with the payoff or after the loan is paid; the payoff pays what they would pay).
   */
  readonly replaced: readonly PaymentOnItsWay[];
  /** Kept: the payments dated BEFORE the payoff's day stay scheduled and are taken first, on their dates. */
  readonly before: readonly PaymentOnItsWay[];
  /** What the payments kept will take: their sum. */
  readonly beforeCents: Cents;
  /**
   * The payoff's amount, what the borrower is shown and authorises: the payoff quote of its day. When it is
   * sent it takes only what is left then (amountToSend): the quote less what the payments kept took, or the
   * whole quote when one of them was returned — so the payoff still closes the loan.
   */
  readonly amountCents: Cents;
  /** What is left for the payoff once the payments kept are taken (≥ 0); 0: they pay it all, no payoff is needed. */
  readonly leftCents: Cents;
}

/**
 * A payoff requested for `date` (its settlement day), with the payoff quote of that day: it replaces the
 * payments on their way dated on or after `date` and lets the earlier ones run (the daily run sends them on
 * their dates, and the payoff then sends only what is left). Never a second payoff: the caller refuses the
 * request while one is on its way (paymentLimit's `payoffOnItsWay`), and refuses it when the payments kept
 * already pay the quote (`leftCents` 0). Nothing is netted out of the payoff itself: each debit takes at most
 * what is owed when it is sent, so together they never take more than the loan owes.
 */
export function payoffRequest(payoffOnDateCents: number, onItsWay: readonly PaymentOnItsWay[], date: IsoDate): PayoffRequest {
  const others = onItsWay.filter((p) => p.mode !== 'payoff');
  const before = others.filter((p) => p.date < date);
  const beforeCents = before.reduce((sum, p) => sum + p.amountCents, 0);
  return {
    replaced: others.filter((p) => p.date >= date),
    before,
    beforeCents: cents(beforeCents),
    amountCents: cents(Math.max(0, payoffOnDateCents)),
    leftCents: cents(Math.max(0, payoffOnDateCents - beforeCents)),
  };
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

/** What a payoff on its way does when it is sent (payoffOutcome). */
export interface PayoffOutcome {
  /** What it takes: amountToSend of what the borrower authorised and what is owed then. */
  readonly takesCents: Cents;
  /** What the loan still owes after it (> 0 only when something paid earlier came back after the authorisation). */
  readonly stillOwedCents: Cents;
}

/**
 * A payoff authorised for `authorisedCents` (the quote of its day) sent when the loan owes `owedCents`:
 * it takes at most what was authorised, so when a payment counted by the quote came back meanwhile the
 * loan stays open with the rest (collected by that payment's own re-presentment rules, or paid by the
 * borrower), and it is never closed with money owed.
 */
export function payoffOutcome(authorisedCents: number, owedCents: number): PayoffOutcome {
  const takesCents = amountToSend(authorisedCents, owedCents);
  return { takesCents, stillOwedCents: cents(Math.max(0, owedCents) - takesCents) };
}

/** What the payments on a loan's way up to a payoff, and the payoff, take when they are sent (payoffAhead). */
export interface PayoffAhead {
  /** What each payment kept (dated before the payoff, in the order given: their dates) takes: amountToSend of its amount and what the ones before it left owed. */
  readonly earlierTakeCents: readonly Cents[];
  /** What the payoff takes: amountToSend of what the borrower authorised and what the earlier payments left owed. */
  readonly payoffTakesCents: Cents;
  /** What the loan still owes after the payoff (> 0 only when something the authorised quote counted came back). */
  readonly stillOwedCents: Cents;
}

/**
 * A payoff authorised for `authorisedCents` on a day the loan owes `owedOnPayoffDayCents` (the ledger's payoff
 * of that day, as the ledger stands now), with the payments kept before it (`earlierCents`, in date order)
 * taken first: each debit takes at most its own amount and what is still owed when it is sent, so the parts
 * (the earlier takes, the payoff's take, what is still owed) add up to exactly what is owed, and none is
 * negative. What the payments kept save in interest is not counted: the quote of the day is the figure.
 */
export function payoffAhead(authorisedCents: number, owedOnPayoffDayCents: number, earlierCents: readonly number[]): PayoffAhead {
  let owed = Math.max(0, owedOnPayoffDayCents);
  const earlierTakeCents = earlierCents.map((amount) => {
    const take = amountToSend(amount, owed);
    owed -= take;
    return take;
  });
  const { takesCents, stillOwedCents } = payoffOutcome(authorisedCents, owed);
  return { earlierTakeCents, payoffTakesCents: takesCents, stillOwedCents };
}

/** How what a loan owes after a return is collected (restAfterRepresentment). */
export interface RestAfterRepresentment {
  /** What the returned payment presented again takes on its day: at most its own amount and what is owed then; 0 when it is not presented again. */
  readonly presentedTakesCents: Cents;
  /** Interest earned from now to the re-presentment's day: what is owed then less what is owed now (≥ 0; 0 when not presented again). */
  readonly earnedMeanwhileCents: Cents;
  /**
   * What is still owed once the re-presentment is taken, on its day (what is owed now when it is not presented
   * again): the borrower pays it another way. Interest is earned on it until it is paid.
   */
  readonly restCents: Cents;
}

/**
 * What a loan owing `owedCents` now (after a return; after the payoff when one is on its way) still owes once
 * the returned payment is presented again: `presentedAgain` is the re-presentment's amount and what the
 * ledger says is owed on its day (interest keeps being earned until then). The re-presentment never takes
 * more than its own amount nor than is owed; what it takes and the rest add up to what is owed on its day.
 */
export function restAfterRepresentment(
  owedCents: number,
  presentedAgain: { readonly amountCents: number; readonly owedOnItsDayCents: number } | null,
): RestAfterRepresentment {
  const now = Math.max(0, owedCents);
  if (!presentedAgain) return { presentedTakesCents: cents(0), earnedMeanwhileCents: cents(0), restCents: cents(now) };
  const then = Math.max(0, presentedAgain.owedOnItsDayCents);
  const { takesCents, stillOwedCents } = payoffOutcome(presentedAgain.amountCents, then);
  return { presentedTakesCents: takesCents, earnedMeanwhileCents: cents(Math.max(0, then - now)), restCents: stillOwedCents };
}

/**
 * What the loan owes on `date` by the ledger's rules (its payoff of that day) once the debits on its way are
 * taken as given: `taken` are debits not in the ledger yet, each on its date for what it takes (payoffAhead,
 * restAfterRepresentment), replayed after the stored entries of their day.
 */
export function owedOnWith(
  schedule: LoanSchedule,
  entries: readonly LedgerEntry[],
  taken: readonly { readonly date: IsoDate; readonly amountCents: number }[],
  date: IsoDate,
): Cents {
  const extra = taken
    .filter((t) => t.amountCents > 0)
    .map((t, i): LedgerEntry => ({
      id: Number.MAX_SAFE_INTEGER - taken.length + i,
      kind: 'one_time_payment',
      effectiveDate: t.date,
      amountCents: t.amountCents,
    }));
  return positionAsOf(schedule, [...entries, ...extra], date).outstandingCents;
}
