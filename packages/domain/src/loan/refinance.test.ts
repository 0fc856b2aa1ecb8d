import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { parseIsoDate } from '../dates';
import { principalToRepayCents, refinanceEligibility, refinanceFunding, refinanceQuote } from './refinance';
import { buildSchedule } from './schedule';
import { allocatePayment, payoff, replay } from './servicing';

const d = parseIsoDate;
const OLD = buildSchedule({
  amountCents: cents(200_000),
  originationFeeCents: cents(0),
  feeFinanced: true,
  annualRatePercent: '24',
  frequency: 'monthly',
  numberOfPayments: 12,
  disbursementDate: d('2025-01-10'),
  firstPaymentDate: d('2025-02-10'),
});

describe('refinance quote', () => {
  it('new money = amount − payoff on the disbursement date − fee not financed', () => {
    const { ledger } = replay(
      OLD,
      OLD.rows.slice(0, 3).map((r) => ({ kind: 'payment' as const, date: r.dueDate, amountCents: r.paymentCents })),
    );
    const q = refinanceQuote({
      oldLoan: ledger,
      disbursementDate: d('2025-05-20'),
      amountOptionsCents: [cents(100_000), cents(250_000), cents(200_000), cents(150_000)],
      fee: { percentOfAmount: '2' },
      feeFinanced: false,
    });
    const p = payoff(ledger, d('2025-05-20'));
    expect(q.payoff).toEqual(p);
    expect(q.options.map((o) => o.amountCents)).toEqual([200_000, 250_000]); // 100k and 150k do not cover the payoff
    for (const o of q.options) expect(o.newMoneyCents).toBe(o.amountCents - p.payoffCents - Math.round(o.amountCents * 0.02));
    // paying the quoted payoff closes the old loan
    const closed = allocatePayment(ledger, d('2025-05-20'), q.payoff.payoffCents).ledger;
    expect(closed.principalCents).toBe(0);
  });

  it('a financed fee does not reduce the new money', () => {
    const { ledger } = replay(OLD, []);
    const q = refinanceQuote({
      oldLoan: ledger,
      disbursementDate: d('2025-01-25'),
      amountOptionsCents: [cents(300_000)],
      fee: { flatCents: cents(5_000) },
      feeFinanced: true,
    });
    expect(q.options[0]?.feeNotFinancedCents).toBe(0);
    expect(q.options[0]?.newMoneyCents).toBe(300_000 - q.payoff.payoffCents);
  });
});

describe('refinance eligibility (spec §5)', () => {
  const base = {
    loanStatus: 'opened',
    notePrincipalCents: 200_000,
    principalCents: 100_000,
    daysPastDue: 0,
    hasPendingTransactions: false,
    otherApplicationInProgress: false,
    minPaidShare: 0.5,
  };
  it('eligible when every requirement holds', () => {
    expect(refinanceEligibility(base)).toEqual({
      eligible: true,
      requirements: { no_pending_transactions: true, account_current: true, paid_enough: true, no_application_in_progress: true },
    });
  });
  it.each([
    ['no_pending_transactions', { hasPendingTransactions: true }],
    ['account_current', { daysPastDue: 1 }],
    ['paid_enough', { principalCents: 100_001 }],
    ['no_application_in_progress', { otherApplicationInProgress: true }],
  ] as const)('each requirement failing alone makes it ineligible: %s', (key, patch) => {
    const r = refinanceEligibility({ ...base, ...patch });
    expect(r.eligible).toBe(false);
    expect(
      Object.entries(r.requirements)
        .filter(([, ok]) => !ok)
        .map(([k]) => k),
    ).toEqual([key]);
  });
  it('only an opened loan', () => {
    for (const s of ['pending', 'closed_refinanced', 'closed_paid', 'default', 'charge_off'])
      expect(refinanceEligibility({ ...base, loanStatus: s }).eligible).toBe(false);
  });
  it('the share is configuration, exact to the cent, rounded up', () => {
    expect(principalToRepayCents(200_001, 0.4)).toBe(80_001); // 80000.4 → 80001
    expect(principalToRepayCents(200_000, 0.55)).toBe(110_000);
    expect(principalToRepayCents(200_000, 0.6)).toBe(120_000);
    expect(() => principalToRepayCents(1, 1.5)).toThrow(RangeError);
    expect(refinanceEligibility({ ...base, principalCents: 100_000, minPaidShare: 0.6 }).requirements.paid_enough).toBe(false);
    expect(refinanceEligibility({ ...base, principalCents: 120_000, minPaidShare: 0.4 }).requirements.paid_enough).toBe(true);
  });
});

describe('refinance funding', () => {
  it('pays the payoff, withholds the fee not financed, disburses the rest', () => {
    expect(refinanceFunding({ amountCents: 300_000, payoffCents: 123_456, feeNotFinancedCents: 6_000 })).toEqual({
      payoffCents: 123_456,
      netDisbursedCents: 170_544,
    });
    expect(() => refinanceFunding({ amountCents: 100_000, payoffCents: 100_000, feeNotFinancedCents: 0 })).toThrow(RangeError);
  });
  it('refuses a negative or fractional figure instead of disbursing more than the amount', () => {
    // Before: a negative fee (or payoff) was subtracted, so 1 000 + 500 was "disbursed" from a loan of 1 000.
    expect(() => refinanceFunding({ amountCents: 1_000, payoffCents: 0, feeNotFinancedCents: -500 })).toThrow(RangeError);
    expect(() => refinanceFunding({ amountCents: 1_000, payoffCents: -500, feeNotFinancedCents: 0 })).toThrow(RangeError);
    expect(() => refinanceFunding({ amountCents: 1_000.5, payoffCents: 0, feeNotFinancedCents: 0 })).toThrow(RangeError);
    expect(() => refinanceFunding({ amountCents: 1_000, payoffCents: 0.5, feeNotFinancedCents: 0 })).toThrow(RangeError);
  });
});
