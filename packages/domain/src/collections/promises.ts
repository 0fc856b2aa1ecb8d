/**
 * Promises to pay (docs/collections.md), pure: validation when a collector records one, and the run's
 * decision the day after its date — kept when the money received from the day it was made through its
 * date (and not returned) reaches the promised amount, broken otherwise.
 */
import { addDays } from '../dates';
import type { IsoDate } from '../dates';
import { PAYMENT_KINDS } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import type { CollectionsPolicy } from './policy';

export interface PromiseToPay {
  readonly madeOn: IsoDate;
  readonly promisedDate: IsoDate;
  readonly amountCents: number;
}

/** A promise is open through its date, then kept or broken. */
export const PROMISE_STATUSES = ['open', 'kept', 'broken'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

/** Problems with a new promise (empty when valid); `owedCents` is what can be paid now. */
export function promiseProblems(policy: CollectionsPolicy, p: { promisedDate: IsoDate; amountCents: number }, today: IsoDate, owedCents: number): string[] {
  const problems: string[] = [];
  if (p.promisedDate < today) problems.push('The promised date cannot be in the past.');
  else if (p.promisedDate > addDays(today, policy.promise.maxDaysAhead)) problems.push(`The promised date must be within ${policy.promise.maxDaysAhead} days.`);
  if (!Number.isSafeInteger(p.amountCents) || p.amountCents < policy.promise.minCents)
    problems.push(`The promised amount must be at least ${(policy.promise.minCents / 100).toFixed(2)} dollars.`);
  else if (p.amountCents > owedCents) problems.push(`The promised amount cannot be more than what is owed (${(owedCents / 100).toFixed(2)} dollars).`);
  return problems;
}

/** The promise's status on `today`: open through its date; decided from the day after. */
export function promiseOutcome(p: PromiseToPay, received: readonly { date: IsoDate; amountCents: number }[], today: IsoDate): PromiseStatus {
  if (today <= p.promisedDate) return 'open';
  const paid = received.filter((r) => r.date >= p.madeOn && r.date <= p.promisedDate).reduce((s, r) => s + r.amountCents, 0);
  return paid >= p.amountCents ? 'kept' : 'broken';
}

/** Money received on a loan (payments of every source and recoveries), not reversed as of `asOf`. */
export function moneyReceived(entries: readonly LedgerEntry[], asOf: IsoDate): { date: IsoDate; amountCents: number }[] {
  const undone = new Set<number>();
  for (const e of entries) if (e.kind === 'reversal' && e.effectiveDate <= asOf && e.reversesEntryId != null) undone.add(e.reversesEntryId);
  return entries
    .filter((e) => (PAYMENT_KINDS.has(e.kind) || e.kind === 'recovery') && e.effectiveDate <= asOf && !undone.has(e.id))
    .map((e) => ({ date: e.effectiveDate, amountCents: e.amountCents }));
}
