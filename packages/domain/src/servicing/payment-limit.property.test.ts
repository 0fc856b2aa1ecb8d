import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import { cents } from '../money';
import { amountToSend, owedOnWith, payoffAhead, payoffOutcome, restAfterRepresentment } from './payment-limit';

const money = fc.integer({ min: 0, max: 50_000_000 });

describe('payoffOutcome (a payment counted by the payoff quote came back after the authorisation)', () => {
  it('never takes beyond the authorisation nor beyond what is owed; what it leaves is exactly the rest', () => {
    fc.assert(
      fc.property(money, money, (authorised, owed) => {
        const { takesCents, stillOwedCents } = payoffOutcome(authorised, owed);
        expect(Number.isSafeInteger(takesCents) && Number.isSafeInteger(stillOwedCents)).toBe(true);
        expect(takesCents).toBeGreaterThanOrEqual(0);
        expect(takesCents).toBeLessThanOrEqual(authorised);
        expect(takesCents).toBeLessThanOrEqual(owed);
        expect(takesCents + stillOwedCents).toBe(owed);
        expect(takesCents).toBe(amountToSend(authorised, owed));
      }),
    );
  });

  it('the loan is left owing nothing exactly when the authorisation covers what is owed', () => {
    fc.assert(
      fc.property(money, money, (authorised, owed) => {
        expect(payoffOutcome(authorised, owed).stillOwedCents === 0).toBe(authorised >= owed);
      }),
    );
  });

  it('a returned payment of P after a payoff quoted Q (owed Q + P): the payoff takes Q, P is still owed', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 1, max: 5_000_000 }), (quote, returned) => {
        expect(payoffOutcome(quote, quote + returned)).toEqual({ takesCents: quote, stillOwedCents: returned });
      }),
    );
  });
});

const signedMoney = fc.integer({ min: -1_000, max: 50_000_000 });

describe('payoffAhead (the payments kept, then the payoff, then what is still owed)', () => {
  it('never negative, never beyond an authorisation nor beyond what is owed; the parts add up to what is owed', () => {
    fc.assert(
      fc.property(money, signedMoney, fc.array(money, { maxLength: 6 }), (authorised, owed, earlier) => {
        const a = payoffAhead(authorised, owed, earlier);
        const parts = [...a.earlierTakeCents, a.payoffTakesCents, a.stillOwedCents];
        for (const p of parts) expect(Number.isSafeInteger(p) && p >= 0).toBe(true);
        expect(a.earlierTakeCents).toHaveLength(earlier.length);
        a.earlierTakeCents.forEach((take, i) => expect(take).toBeLessThanOrEqual(earlier[i]!));
        expect(a.payoffTakesCents).toBeLessThanOrEqual(authorised);
        expect(parts.reduce((t, p) => t + p, 0)).toBe(Math.max(0, owed));
        // What the server computed before (the payoff of the day less the payments kept, then payoffOutcome).
        const kept = earlier.reduce((t, p) => t + p, 0);
        expect(a.stillOwedCents).toBe(payoffOutcome(authorised, Math.max(0, owed - kept)).stillOwedCents);
      }),
    );
  });
  it('nothing is still owed exactly when the authorisation and the payments kept cover what is owed', () => {
    fc.assert(
      fc.property(money, money, fc.array(money, { maxLength: 4 }), (authorised, owed, earlier) => {
        expect(payoffAhead(authorised, owed, earlier).stillOwedCents === 0).toBe(authorised + earlier.reduce((t, p) => t + p, 0) >= owed);
      }),
    );
  });
});

describe('restAfterRepresentment', () => {
  it('never negative, never beyond the returned amount nor beyond what is owed on its day; the parts add up to it', () => {
    fc.assert(
      fc.property(signedMoney, fc.option(fc.record({ amountCents: money, owedOnItsDayCents: signedMoney }), { nil: null }), (owed, again) => {
        const r = restAfterRepresentment(owed, again);
        for (const p of [r.presentedTakesCents, r.earnedMeanwhileCents, r.restCents]) expect(Number.isSafeInteger(p) && p >= 0).toBe(true);
        if (!again) {
          expect(r).toEqual({ presentedTakesCents: 0, earnedMeanwhileCents: 0, restCents: Math.max(0, owed) });
          return;
        }
        const then = Math.max(0, again.owedOnItsDayCents);
        expect(r.presentedTakesCents).toBeLessThanOrEqual(again.amountCents);
        expect(r.restCents).toBeLessThanOrEqual(then);
        expect(r.presentedTakesCents + r.restCents).toBe(then);
        expect(r.earnedMeanwhileCents).toBe(Math.max(0, then - Math.max(0, owed)));
      }),
    );
  });
});

describe('payoffAhead on the ledger (owedOnWith): what it says is still owed is what the ledger owes once the payoff is taken', () => {
  it('random loans, payoff days and returned amounts', () => {
    const start = parseIsoDate('2026-01-05');
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 5_000_000 }),
        fc.constantFrom('weekly', 'biweekly', 'semimonthly', 'monthly') as fc.Arbitrary<'weekly' | 'biweekly' | 'semimonthly' | 'monthly'>,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 20 }),
        (amount, frequency, payoffAfterDays, returned, laterDays) => {
          const schedule = buildSchedule({
            amountCents: cents(amount),
            originationFeeCents: cents(0),
            feeFinanced: true,
            annualRatePercent: '24.99',
            frequency,
            numberOfPayments: 12,
            disbursementDate: start,
            firstPaymentDate: addDays(start, 14),
          });
          const stored: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: start, amountCents: amount }];
          const day = addDays(start, payoffAfterDays);
          const owed = owedOnWith(schedule, stored, [], day);
          // The borrower authorised the quote of the day counting a payment of `returned` that came back.
          const ahead = payoffAhead(Math.max(0, owed - returned), owed, []);
          const taken = [{ date: day, amountCents: ahead.payoffTakesCents }];
          expect(owedOnWith(schedule, stored, taken, day)).toBe(ahead.stillOwedCents);
          expect(ahead.stillOwedCents).toBe(Math.min(returned, owed));
          // Presented again later: what it takes and the rest are the ledger's owed of that day, never negative.
          const later = addDays(day, laterDays);
          const then = owedOnWith(schedule, stored, taken, later);
          const rest = restAfterRepresentment(ahead.stillOwedCents, { amountCents: returned, owedOnItsDayCents: then });
          expect(rest.presentedTakesCents + rest.restCents).toBe(then);
          expect(then).toBeGreaterThanOrEqual(ahead.stillOwedCents);
        },
      ),
    );
  });
});
