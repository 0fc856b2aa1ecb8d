import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { positionAsOf } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import { cents } from '../money';
import { amountToSend, owedOnWith, paymentLimit, payoffAhead, payoffRequest, restAfterRepresentment, settlementDate } from './payment-limit';
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

describe('payoffAhead (a return while a payoff is on its way: what each debit takes, what is still owed)', () => {
  it('the payments kept run first, in turn; the payoff takes the rest of what it was authorised for', () => {
    expect(payoffAhead(10_000, 10_000, [6_000, 1_000])).toEqual({ earlierTakeCents: [6_000, 1_000], payoffTakesCents: 3_000, stillOwedCents: 0 });
    expect(payoffAhead(10_000, 10_000, [])).toEqual({ earlierTakeCents: [], payoffTakesCents: 10_000, stillOwedCents: 0 });
  });
  it('a payment the authorised quote counted came back ($50.00): the payoff takes what was authorised, the $50.00 is still owed', () => {
    expect(payoffAhead(1_013_161, 1_018_161, [])).toEqual({ earlierTakeCents: [], payoffTakesCents: 1_013_161, stillOwedCents: 5_000 });
    // A kept payment returned too: it no longer runs first (the caller leaves it out); the payoff takes its authorisation.
    expect(payoffAhead(10_000, 11_000, [2_000])).toEqual({ earlierTakeCents: [2_000], payoffTakesCents: 9_000, stillOwedCents: 0 });
  });
  it('never takes beyond what is owed: the earlier payments pay it all, the payoff takes nothing', () => {
    expect(payoffAhead(10_000, 6_500, [6_000, 1_000])).toEqual({ earlierTakeCents: [6_000, 500], payoffTakesCents: 0, stillOwedCents: 0 });
    expect(payoffAhead(10_000, 0, [6_000])).toEqual({ earlierTakeCents: [0], payoffTakesCents: 0, stillOwedCents: 0 });
    expect(payoffAhead(10_000, -25, [])).toEqual({ earlierTakeCents: [], payoffTakesCents: 0, stillOwedCents: 0 });
  });
});

describe('restAfterRepresentment (what is still owed once the returned payment is presented again)', () => {
  it("not presented again: all that is owed now is the borrower's to pay", () => {
    expect(restAfterRepresentment(5_000, null)).toEqual({ presentedTakesCents: 0, earnedMeanwhileCents: 0, restCents: 5_000 });
    expect(restAfterRepresentment(-1, null)).toEqual({ presentedTakesCents: 0, earnedMeanwhileCents: 0, restCents: 0 });
  });
  it('the R01 case: $50.00 owed after the payoff, $4.79 of interest earned by the re-presentment day: it takes its $50.00, $4.79 is still owed', () => {
    expect(restAfterRepresentment(5_000, { amountCents: 5_000, owedOnItsDayCents: 5_479 })).toEqual({
      presentedTakesCents: 5_000,
      earnedMeanwhileCents: 479,
      restCents: 479,
    });
  });
  it('takes no more than owed on its day, nor than its own amount', () => {
    expect(restAfterRepresentment(3_000, { amountCents: 5_000, owedOnItsDayCents: 3_000 })).toEqual({
      presentedTakesCents: 3_000,
      earnedMeanwhileCents: 0,
      restCents: 0,
    });
    expect(restAfterRepresentment(12_000, { amountCents: 5_000, owedOnItsDayCents: 12_100 })).toEqual({
      presentedTakesCents: 5_000,
      earnedMeanwhileCents: 100,
      restCents: 7_100,
    });
    // Paid meanwhile (owed less on its day than now): nothing negative, the rest is what is owed then.
    expect(restAfterRepresentment(5_000, { amountCents: 5_000, owedOnItsDayCents: 1_000 })).toEqual({
      presentedTakesCents: 1_000,
      earnedMeanwhileCents: 0,
      restCents: 0,
    });
    expect(restAfterRepresentment(5_000, { amountCents: 5_000, owedOnItsDayCents: -3 })).toEqual({
      presentedTakesCents: 0,
      earnedMeanwhileCents: 0,
      restCents: 0,
    });
  });
});

describe("owedOnWith (the ledger's payoff of a day with the debits on their way taken as given)", () => {
  // $3,000 + $90 financed fee at 15.5 %, 12 monthly payments; installment 1 (01/15 → 01/31) bears $39.91 of interest.
  const S = buildSchedule({
    amountCents: cents(300_000),
    originationFeeCents: cents(9_000),
    feeFinanced: true,
    annualRatePercent: '15.5',
    frequency: 'monthly',
    numberOfPayments: 12,
    disbursementDate: d('2024-01-15'),
    firstPaymentDate: d('2024-01-31'),
  });
  const stored: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: d('2024-01-15'), amountCents: 300_000 }];
  it("is the ledger's payoff when nothing is on its way, and the same as the debits posted", () => {
    expect(owedOnWith(S, stored, [], d('2024-01-20'))).toBe(positionAsOf(S, stored, d('2024-01-20')).outstandingCents);
    const posted: LedgerEntry[] = [...stored, { id: 2, kind: 'payoff', effectiveDate: d('2024-01-20'), amountCents: 200_000 }];
    expect(owedOnWith(S, stored, [{ date: d('2024-01-20'), amountCents: 200_000 }], d('2024-01-26'))).toBe(
      positionAsOf(S, posted, d('2024-01-26')).outstandingCents,
    );
    // A debit dated after the day does not count yet.
    expect(owedOnWith(S, stored, [{ date: d('2024-01-27'), amountCents: 200_000 }], d('2024-01-26'))).toBe(
      positionAsOf(S, stored, d('2024-01-26')).outstandingCents,
    );
  });
  it("a payoff that leaves $50.00 owed: by the re-presentment day the period's interest earned meanwhile is owed beyond the $50.00", () => {
    const owedOn20 = owedOnWith(S, stored, [], d('2024-01-20'));
    const ahead = payoffAhead(owedOn20 - 5_000, owedOn20, []);
    expect(ahead.stillOwedCents).toBe(5_000);
    const taken = [{ date: d('2024-01-20'), amountCents: ahead.payoffTakesCents }];
    expect(owedOnWith(S, stored, taken, d('2024-01-20'))).toBe(5_000);
    // Six days of installment 1's $39.91 (16 days): round_half_up(3991 × 11 / 16) − round_half_up(3991 × 5 / 16) = 2744 − 1247.
    const rest = restAfterRepresentment(5_000, { amountCents: 5_000, owedOnItsDayCents: owedOnWith(S, stored, taken, d('2024-01-26')) });
    expect(rest).toEqual({ presentedTakesCents: 5_000, earnedMeanwhileCents: 2_744 - 1_247, restCents: 2_744 - 1_247 });
  });
});
