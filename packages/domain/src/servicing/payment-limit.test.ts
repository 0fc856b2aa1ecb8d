import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { amountToSend, paymentLimit, payoffRequest, settlementDate } from './payment-limit';
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

describe('payoffRequest', () => {
  const onItsWay = [
    way(1, 'one_time', 6_000, '2026-12-01'),
    way(2, 'auto_debit', 1_000, '2026-12-09'),
    way(3, 'one_time', 2_000, '2026-12-10'),
    way(4, 'auto_debit', 500, '2026-12-18'),
  ];
  it('replaces the payments dated on or after its day and keeps the earlier ones, which run first', () => {
    const r = payoffRequest(10_000, onItsWay, d('2026-12-10'));
    expect(r.replaced.map((p) => p.id)).toEqual([3, 4]);
    expect(r.before.map((p) => p.id)).toEqual([1, 2]);
    expect(r).toMatchObject({ beforeCents: 7_000, amountCents: 10_000, leftCents: 3_000 });
  });
  it('is the quote of its day, never netted: the earlier payments may still come back', () => {
    expect(payoffRequest(10_000, onItsWay, d('2026-12-02'))).toMatchObject({ amountCents: 10_000, leftCents: 4_000, beforeCents: 6_000 });
    expect(payoffRequest(10_000, [], d('2026-12-02'))).toMatchObject({ amountCents: 10_000, leftCents: 10_000, replaced: [], before: [] });
  });
  it('replaces everything when it comes first, and leaves nothing when the earlier payments pay it all', () => {
    expect(payoffRequest(10_000, onItsWay, d('2026-12-01')).replaced.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(payoffRequest(6_500, onItsWay, d('2026-12-10'))).toMatchObject({ leftCents: 0, amountCents: 6_500 });
    expect(payoffRequest(7_000, onItsWay, d('2026-12-10')).leftCents).toBe(0);
    expect(payoffRequest(7_001, onItsWay, d('2026-12-10')).leftCents).toBe(1);
  });
  it('never replaces a payoff (a second one is refused by the caller)', () => {
    const r = payoffRequest(10_000, [way(9, 'payoff', 10_000, '2026-12-20'), ...onItsWay], d('2026-12-10'));
    expect(r.replaced.map((p) => p.id)).toEqual([3, 4]);
    expect(r.before.map((p) => p.id)).toEqual([1, 2]);
    expect(paymentLimit(10_000, [way(9, 'payoff', 10_000, '2026-12-20')], d('2026-12-10')).payoffOnItsWay).toMatchObject({ id: 9 });
  });
  it('with amountToSend, the earlier payments and the payoff never take more than owed, and the payoff closes the loan', () => {
    // Owed 10,000 on the payoff's day; the 7,000 kept run first (interest saved ignored), the payoff takes the rest.
    let owed = 10_000;
    for (const p of payoffRequest(10_000, onItsWay, d('2026-12-10')).before) owed -= amountToSend(p.amountCents, owed);
    expect(amountToSend(10_000, owed)).toBe(3_000);
    // One of them returned (R01) before the payoff is sent: the payoff takes the whole quote, still closing the loan.
    expect(amountToSend(10_000, 10_000 - 1_000)).toBe(9_000);
    expect(amountToSend(10_000, 10_000)).toBe(10_000);
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
