/**
 * Servicing: payoff, allocation and their agreement. Golden payoffs were derived independently by
 * src/loan/golden/derive-goldens.py (Python Decimal; see its payoff_on_time function).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { addDays, diffDays, parseIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { FREQUENCIES } from './frequency';
import { buildSchedule } from './schedule';
import type { LoanSchedule, LoanTerms } from './schedule';
import { accrue, allocatePayment, assessFee, openLedger, payoff, payoffAsOf, projectRemainingSchedule, replay } from './servicing';
import type { Ledger } from './servicing';

const d = parseIsoDate;
const terms = (
  amount: number,
  fee: number,
  feeFinanced: boolean,
  rate: string,
  frequency: LoanTerms['frequency'],
  n: number,
  disb: string,
  first: string,
): LoanTerms => ({
  amountCents: cents(amount),
  originationFeeCents: cents(fee),
  feeFinanced,
  annualRatePercent: rate,
  frequency,
  numberOfPayments: n,
  disbursementDate: d(disb),
  firstPaymentDate: d(first),
});

const MONTHLY = buildSchedule(terms(300000, 9000, true, '15.5', 'monthly', 12, '2024-01-15', '2024-01-31'));
const WEEKLY = buildSchedule(terms(500000, 25000, true, '24.99', 'weekly', 260, '2025-01-03', '2025-01-10'));
const onTime = (s: LoanSchedule, k: number) => s.rows.slice(0, k).map((r) => ({ date: r.dueDate, amountCents: r.paymentCents }));

function isClosed(ledger: Ledger): boolean {
  return ledger.principalCents === 0 && ledger.pastDue.length === 0 && ledger.current === null;
}

describe('payoff goldens (independently derived)', () => {
  it('monthly, 3 payments on time, quoted 10 days into period 5 (installment 4 past due)', () => {
    expect(payoffAsOf(MONTHLY, onTime(MONTHLY, 3), d('2024-05-10'))).toEqual({
      asOf: '2024-05-10',
      payoffCents: 240082,
      principalCents: 236152,
      interestCents: 3930,
      feesCents: 0,
      perDiemCents: 88,
    });
  });
  it('monthly, 2 payments, installments 3–5 past due, quoted in period 6', () => {
    expect(payoffAsOf(MONTHLY, onTime(MONTHLY, 2), d('2024-06-07'))).toEqual({
      asOf: '2024-06-07',
      payoffCents: 270455,
      principalCents: 260747,
      interestCents: 9708,
      feesCents: 0,
      perDiemCents: 80,
    });
  });
  it('weekly 260, quoted 4 days after disbursement', () => {
    expect(payoffAsOf(WEEKLY, [], d('2025-01-07'))).toEqual({
      asOf: '2025-01-07',
      payoffCents: 526442,
      principalCents: 525000,
      interestCents: 1442,
      feesCents: 0,
      perDiemCents: 360,
    });
  });
  it('on the disbursement date the payoff is the note principal', () => {
    expect(payoffAsOf(WEEKLY, [], d('2025-01-03')).payoffCents).toBe(525000);
  });
});

describe('allocation', () => {
  it('paying every row on its due date reproduces the schedule to the cent', () => {
    const { ledger, allocations } = replay(
      WEEKLY,
      onTime(WEEKLY, 260).map((p) => ({ kind: 'payment' as const, ...p })),
    );
    allocations.forEach((a, k) => {
      const row = WEEKLY.rows[k];
      expect([a.interestCents, a.principalCents, a.prepaidPrincipalCents, a.unappliedCents]).toEqual([row?.interestCents, row?.principalCents, 0, 0]);
    });
    expect(isClosed(ledger)).toBe(true);
  });

  it('pays the oldest installment first, fees → interest → principal', () => {
    let ledger = openLedger(MONTHLY);
    ledger = assessFee(ledger, d('2024-02-10'), 1500); // late fee on installment 1
    const { allocation, ledger: after } = allocatePayment(ledger, d('2024-03-05'), 30000);
    expect(allocation.installments[0]).toEqual({ n: 1, feesCents: 1500, interestCents: 3991, principalCents: 23972 });
    expect(allocation.installments[1]).toEqual({ n: 2, feesCents: 0, interestCents: 537, principalCents: 0 });
    expect(after.pastDue).toEqual([{ n: 2, dueDate: '2024-02-29', feeCents: 0, interestCents: 3145, principalCents: 24281 }]);
  });

  it('an excess is a prepayment: the payment stays, the term shortens', () => {
    const base = replay(
      MONTHLY,
      onTime(MONTHLY, 2).map((p) => ({ kind: 'payment' as const, ...p })),
    ).ledger;
    const extra = allocatePayment(base, d('2024-03-31'), MONTHLY.regularPaymentCents + 100000);
    expect(extra.allocation.prepaidPrincipalCents).toBe(100000);
    const rows = projectRemainingSchedule(extra.ledger);
    expect(rows.length).toBeLessThan(9);
    expect(rows.slice(0, -1).every((r) => r.paymentCents === MONTHLY.regularPaymentCents)).toBe(true);
    expect(rows.reduce((a, r) => a + r.principalCents, 0)).toBe(extra.ledger.principalCents);
  });

  it('money beyond the payoff is returned as unapplied and the loan closes', () => {
    const p = payoff(openLedger(MONTHLY), d('2024-01-20'));
    const r = allocatePayment(openLedger(MONTHLY), d('2024-01-20'), p.payoffCents + 777);
    expect(r.allocation.unappliedCents).toBe(777);
    expect(isClosed(r.ledger)).toBe(true);
    expect(payoff(r.ledger, d('2024-12-31')).payoffCents).toBe(0);
  });

  it('after maturity only the past-due installments remain; no further interest accrues', () => {
    const late = payoffAsOf(MONTHLY, [], d('2025-03-01'));
    expect(late.principalCents).toBe(MONTHLY.notePrincipalCents);
    expect(late.interestCents).toBe(MONTHLY.totalInterestCents);
    expect(late.perDiemCents).toBe(0);
  });

  it('accrues interest of the period in progress pro rata, half-up', () => {
    const a = accrue(openLedger(MONTHLY), d('2024-01-23'));
    expect(a.inProgress).toMatchObject({ n: 1, daysElapsed: 8, daysInPeriod: 16, periodInterestCents: 3991, unpaidEarnedInterestCents: 1996 });
  });

  it('rejects payments dated after the payoff date or before disbursement', () => {
    expect(() => payoffAsOf(MONTHLY, [{ date: d('2024-03-01'), amountCents: 100 }], d('2024-02-01'))).toThrow(RangeError);
    expect(() => replay(MONTHLY, [{ kind: 'payment', date: d('2024-01-01'), amountCents: 100 }])).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- properties
const termsArb = fc
  .record({
    amount: fc.integer({ min: 20000, max: 2_000_000 }),
    feeBp: fc.integer({ min: 0, max: 800 }),
    feeFinanced: fc.boolean(),
    rate: fc.integer({ min: 0, max: 6000 }),
    frequency: fc.constantFrom(...FREQUENCIES),
    n: fc.integer({ min: 1, max: 60 }),
    disb: fc.integer({ min: 0, max: 2000 }),
    gap: fc.integer({ min: 1, max: 40 }),
  })
  .map((r) => {
    const disb = addDays(d('2021-01-01'), r.disb);
    return terms(r.amount, Math.floor((r.amount * r.feeBp) / 10000), r.feeFinanced, (r.rate / 100).toFixed(2), r.frequency, r.n, disb, addDays(disb, r.gap));
  })
  .filter((t) => {
    try {
      buildSchedule(t);
      return true;
    } catch {
      return false;
    }
  });

const scenarioArb = termsArb.chain((t) => {
  const s = buildSchedule(t);
  const span = diffDays(t.disbursementDate, s.rows.at(-1)?.dueDate as IsoDate) + 40;
  const event = fc.record({ day: fc.integer({ min: 0, max: span }), pct: fc.integer({ min: 1, max: 250 }), fee: fc.integer({ min: 0, max: 4 }) });
  return fc.record({ s: fc.constant(s), events: fc.array(event, { maxLength: 12 }), asOfDay: fc.integer({ min: 0, max: span }) });
});

function runEvents(s: LoanSchedule, events: readonly { day: number; pct: number; fee: number }[]): { ledger: Ledger; checks: number } {
  let ledger = openLedger(s);
  let checks = 0;
  for (const e of [...events].sort((a, b) => a.day - b.day)) {
    const date = addDays(s.terms.disbursementDate, e.day);
    if (e.fee === 0 && (ledger.pastDue.length > 0 || ledger.current)) ledger = assessFee(ledger, date, 1500);
    const amount = Math.max(1, Math.floor((s.regularPaymentCents * e.pct) / 100));
    const before = payoff(ledger, date).payoffCents;
    const { ledger: next, allocation: a } = allocatePayment(ledger, date, amount);
    // never creates or loses a cent
    expect(a.feesCents + a.interestCents + a.principalCents + a.prepaidPrincipalCents + a.unappliedCents).toBe(amount);
    expect(before - payoff(next, date).payoffCents).toBe(amount - a.unappliedCents);
    const perInst = a.installments.reduce((x, i) => x + i.feesCents + i.interestCents + i.principalCents, 0);
    expect(perInst).toBe(amount - a.unappliedCents);
    ledger = next;
    checks++;
  }
  return { ledger, checks };
}

describe('servicing properties', () => {
  it('allocation never creates or loses a cent', () => {
    fc.assert(
      fc.property(scenarioArb, ({ s, events }) => void runEvents(s, events)),
      { numRuns: 150 },
    );
  });

  it('payoff on any date followed by allocation leaves every balance at zero', () => {
    fc.assert(
      fc.property(scenarioArb, ({ s, events, asOfDay }) => {
        const { ledger } = runEvents(s, events);
        const asOf = addDays(s.terms.disbursementDate, Math.max(asOfDay, diffDays(s.terms.disbursementDate, ledger.asOf)));
        const quote = payoff(ledger, asOf);
        expect(quote.payoffCents).toBe(quote.principalCents + quote.interestCents + quote.feesCents);
        if (quote.payoffCents === 0) return;
        const { ledger: after, allocation } = allocatePayment(ledger, asOf, quote.payoffCents);
        expect(allocation.unappliedCents).toBe(0);
        expect(isClosed(after)).toBe(true);
        expect(payoff(after, asOf).payoffCents).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
