import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { amountToSend, paymentLimit, replacedByPayoff, settlementDate } from './payment-limit';
import type { PaymentOnItsWay } from './payment-limit';

const d = parseIsoDate;
const way = (id: number, mode: PaymentOnItsWay['mode'], amountCents: number, date: string): PaymentOnItsWay => ({ id, mode, amountCents, date: d(date) });

describe('paymentLimit', () => {
  it('is the payoff of the day less what is on its way up to that day', () => {
    expect(paymentLimit(10_000, [way(1, 'one_time', 6_000, '2026-12-01'), way(2, 'one_time', 1_000, '2026-12-09')], d('2026-12-02'))).toMatchObject({
      maxCents: 4_000,
      onItsWayCents: 6_000,
      payoffOnItsWay: null,
    });
  });
  it('is zero while a payoff is on its way, never negative', () => {
    expect(paymentLimit(10_000, [way(1, 'payoff', 10_000, '2026-12-10')], d('2026-12-02'))).toMatchObject({ maxCents: 0, payoffOnItsWay: { id: 1 } });
    expect(paymentLimit(5_000, [way(1, 'one_time', 6_000, '2026-12-01')], d('2026-12-02')).maxCents).toBe(0);
  });
});

describe('replacedByPayoff', () => {
  it('is every payment on its way but a payoff', () => {
    expect(
      replacedByPayoff([way(1, 'one_time', 1, '2026-12-01'), way(2, 'auto_debit', 1, '2026-12-18'), way(3, 'payoff', 1, '2026-12-02')]).map((p) => p.id),
    ).toEqual([1, 2]);
  });
});

describe('settlementDate', () => {
  it('moves a weekend or a bank holiday to the next business day', () => {
    expect(settlementDate(d('2026-12-05'))).toBe('2026-12-07'); // Saturday → Monday
    expect(settlementDate(d('2026-12-25'))).toBe('2026-12-28'); // Christmas (Friday) → Monday
    expect(settlementDate(d('2026-12-08'))).toBe('2026-12-08');
  });
  it("moves today to the next business day once today's run went out", () => {
    expect(settlementDate(d('2026-12-04'), { today: d('2026-12-04'), todaysRunDone: true })).toBe('2026-12-07');
    expect(settlementDate(d('2026-12-04'), { today: d('2026-12-04'), todaysRunDone: false })).toBe('2026-12-04');
    expect(settlementDate(d('2026-12-08'), { today: d('2026-12-04'), todaysRunDone: true })).toBe('2026-12-08');
  });
});

describe('amountToSend', () => {
  it('never more than authorised nor than owed; zero when nothing is owed', () => {
    expect(amountToSend(5_000, 10_000)).toBe(5_000);
    expect(amountToSend(5_000, 3_000)).toBe(3_000);
    expect(amountToSend(5_000, 0)).toBe(0);
    expect(amountToSend(5_000, -10)).toBe(0);
  });
});
