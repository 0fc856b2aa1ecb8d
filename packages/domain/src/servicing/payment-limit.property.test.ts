import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToSend, payoffOutcome } from './payment-limit';

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
