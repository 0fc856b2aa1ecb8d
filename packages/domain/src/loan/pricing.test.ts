import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { parseIsoDate } from '../dates';
import { quoteLoan } from './disclosure';
import { amountOptions, discountedRate, priceOffers } from './pricing';
import type { PricingProgram, RateTable } from './pricing';

const d = parseIsoDate;

const AUTO: RateTable = {
  id: 'auto-2025',
  entries: [
    {
      termMonths: 6,
      minAmountCents: cents(50_000),
      maxAmountCents: cents(300_000),
      annualRatePercent: '24.99',
      originationFee: { percentOfAmount: '3' },
      feeFinanced: true,
    },
    {
      termMonths: 12,
      minAmountCents: cents(100_000),
      maxAmountCents: cents(500_000),
      annualRatePercent: '22.99',
      documentPreparationFee: { flatCents: cents(2_500) },
      feeFinanced: false,
    },
    {
      termMonths: 12,
      minAmountCents: cents(100_000),
      maxAmountCents: cents(500_000),
      annualRatePercent: '9.99',
      feeFinanced: true,
      special: true,
      states: ['TX'],
    },
  ],
};

const PROGRAM: PricingProgram = {
  id: 'employer-42',
  amountRange: { minCents: cents(50_000), maxCents: cents(500_000), stepCents: cents(50_000) },
  states: ['CA', 'TX'],
  stateRules: { CA: { maxAmountCents: cents(250_000), maxAnnualRatePercent: '24' } },
  splitDirectDeposit: { rateTable: AUTO, discountPercent: '10' },
  autoDebit: { rateTable: AUTO },
  oneTimes: {
    rateTable: {
      id: 'one-time',
      entries: [{ termMonths: 3, minAmountCents: cents(50_000), maxAmountCents: cents(100_000), annualRatePercent: '29.99', feeFinanced: true }],
    },
  },
};

const request = { program: PROGRAM, frequency: 'biweekly' as const, disbursementDate: d('2025-03-03'), firstPaymentDate: d('2025-03-14') };

describe('pricing', () => {
  it('discounts split-direct-deposit rates by a percentage of the rate, exactly', () => {
    expect(discountedRate('24.99', '10')).toBe('22.491');
    expect(discountedRate('20', '12.5')).toBe('17.5');
  });

  it('lists amount options allowed by the program, the state and the rate tables', () => {
    expect(amountOptions(PROGRAM, 'TX', 'biweekly')).toEqual([50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 450_000, 500_000]);
    expect(amountOptions(PROGRAM, 'CA', 'biweekly')).toEqual([50_000, 100_000, 150_000, 200_000, 250_000]);
    expect(amountOptions(PROGRAM, 'NY', 'biweekly')).toEqual([]);
  });

  it('groups offers by repayment method with the wire fields', () => {
    const r = priceOffers({ ...request, state: 'TX', amountCents: cents(100_000) });
    expect(r.offers.auto_debit.map((o) => [o.terms_in_months, o.interest_rate, o.special, o.fee_label, o.fee_amount])).toEqual([
      [6, '24.99', false, 'origination fee', 3000],
      [12, '22.99', false, 'document preparation fee', 2500],
      [12, '9.99', true, 'origination fee', 0],
    ]);
    expect(r.offers.split_direct_deposit.map((o) => o.interest_rate)).toEqual(['22.491', '20.691', '8.991']);
    expect(r.offers.one_times).toHaveLength(1);
    const six = r.offers.auto_debit[0];
    const q = quoteLoan({
      amountCents: cents(100_000),
      originationFeeCents: cents(3000),
      feeFinanced: true,
      annualRatePercent: '24.99',
      frequency: 'biweekly',
      numberOfPayments: 13,
      disbursementDate: request.disbursementDate,
      firstPaymentDate: request.firstPaymentDate,
    });
    expect(six).toEqual({
      fixed_payment_amount: q.schedule.regularPaymentCents,
      term_frequency: 'biweekly',
      terms_in_months: 6,
      number_of_payments: 13,
      interest_rate: '24.99',
      apr: q.disclosure.aprPercent,
      fee_amount: 3000,
      fee_label: 'origination fee',
      fee_financed: true,
      amount: 100_000,
      special: false,
    });
  });

  it('applies state limits and returns no offers for an amount that is not an option', () => {
    const ca = priceOffers({ ...request, state: 'CA', amountCents: cents(100_000) });
    expect(ca.offers.auto_debit.map((o) => o.interest_rate)).toEqual(['22.99']); // 24.99 above the CA cap; 9.99 is TX only
    expect(ca.offers.split_direct_deposit.map((o) => o.interest_rate)).toEqual(['22.491', '20.691']);
    const none = priceOffers({ ...request, state: 'CA', amountCents: cents(300_000) });
    expect(none.offers).toEqual({ split_direct_deposit: [], auto_debit: [], one_times: [] });
  });
});
