import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import type { LedgerEntry } from '../loan/ledger';
import { DEFAULT_COLLECTIONS_POLICY } from './policy';
import { moneyReceived, promiseOutcome, promiseProblems } from './promises';

const P = DEFAULT_COLLECTIONS_POLICY;
const d = (s: string) => parseIsoDate(s);
const promise = { madeOn: d('2027-03-01'), promisedDate: d('2027-03-10'), amountCents: 5000 };

describe('promises to pay', () => {
  it('validates the date (today … today + 30) and the amount ($1 … owed)', () => {
    expect(promiseProblems(P, { promisedDate: d('2027-03-01'), amountCents: 5000 }, d('2027-03-01'), 10_000)).toEqual([]);
    expect(promiseProblems(P, { promisedDate: d('2027-02-28'), amountCents: 5000 }, d('2027-03-01'), 10_000)).toEqual([
      'The promised date cannot be in the past.',
    ]);
    expect(promiseProblems(P, { promisedDate: d('2027-04-01'), amountCents: 99 }, d('2027-03-01'), 10_000)).toEqual([
      'The promised date must be within 30 days.',
      'The promised amount must be at least 1.00 dollars.',
    ]);
    expect(promiseProblems(P, { promisedDate: d('2027-03-31'), amountCents: 10_001 }, d('2027-03-01'), 10_000)).toEqual([
      'The promised amount cannot be more than what is owed (100.00 dollars).',
    ]);
  });
  it('is open through its date, kept or broken from the day after', () => {
    expect(promiseOutcome(promise, [], d('2027-03-10'))).toBe('open');
    expect(promiseOutcome(promise, [], d('2027-03-11'))).toBe('broken');
    expect(promiseOutcome(promise, [{ date: d('2027-03-10'), amountCents: 5000 }], d('2027-03-11'))).toBe('kept');
    expect(
      promiseOutcome(
        promise,
        [
          { date: d('2027-03-02'), amountCents: 2000 },
          { date: d('2027-03-09'), amountCents: 3000 },
        ],
        d('2027-03-11'),
      ),
    ).toBe('kept');
    expect(promiseOutcome(promise, [{ date: d('2027-03-02'), amountCents: 4999 }], d('2027-03-11'))).toBe('broken');
  });
  it('counts money from the day it was made through its date only', () => {
    expect(
      promiseOutcome(
        promise,
        [
          { date: d('2027-02-28'), amountCents: 5000 },
          { date: d('2027-03-11'), amountCents: 5000 },
        ],
        d('2027-03-12'),
      ),
    ).toBe('broken');
  });
  it('moneyReceived: payments and recoveries not reversed as of the date', () => {
    const entries: LedgerEntry[] = [
      { id: 1, kind: 'disbursement', effectiveDate: d('2027-01-01'), amountCents: 100_000 },
      { id: 2, kind: 'one_time_payment', effectiveDate: d('2027-03-02'), amountCents: 3000 },
      { id: 3, kind: 'scheduled_debit', effectiveDate: d('2027-03-03'), amountCents: 2000 },
      { id: 4, kind: 'reversal', effectiveDate: d('2027-03-06'), amountCents: 2000, reversesEntryId: 3 },
      { id: 5, kind: 'recovery', effectiveDate: d('2027-03-07'), amountCents: 700 },
      { id: 6, kind: 'late_fee', effectiveDate: d('2027-03-07'), amountCents: 1500, installmentN: 1 },
    ];
    expect(moneyReceived(entries, d('2027-03-05'))).toEqual([
      { date: '2027-03-02', amountCents: 3000 },
      { date: '2027-03-03', amountCents: 2000 },
    ]);
    expect(moneyReceived(entries, d('2027-03-08'))).toEqual([
      { date: '2027-03-02', amountCents: 3000 },
      { date: '2027-03-07', amountCents: 700 },
    ]);
  });
});
