/**
 * Loan terms for the domain's property tests (fast-check): an amount of $500–$5,000, a fee of 0–5 % financed or
 * withheld, 0–36 % a year, a disbursement some days after `from` and a first payment 14–45 days after it. Each
 * test narrows what it needs (frequencies, number of payments, the span of disbursement dates). Test code only.
 */
import fc from 'fast-check';
import { addDays, parseIsoDate } from '../dates';
import { cents } from '../money';
import type { Frequency } from './frequency';
import type { LoanTerms } from './schedule';

export function loanTermsArb(o: {
  frequencies: readonly [Frequency, ...Frequency[]];
  payments: { min: number; max: number };
  /** The first possible disbursement date (ISO) and how many days after it the last one is. */
  from: string;
  days: number;
}): fc.Arbitrary<LoanTerms> {
  return fc
    .record({
      amount: fc.integer({ min: 50_000, max: 500_000 }),
      feeBp: fc.integer({ min: 0, max: 500 }),
      feeFinanced: fc.boolean(),
      rate: fc.integer({ min: 0, max: 3600 }),
      n: fc.integer(o.payments),
      frequency: fc.constantFrom(...o.frequencies),
      disb: fc.integer({ min: 0, max: o.days }),
      gap: fc.integer({ min: 14, max: 45 }),
    })
    .map((r): LoanTerms => {
      const disbursementDate = addDays(parseIsoDate(o.from), r.disb);
      return {
        amountCents: cents(r.amount),
        originationFeeCents: cents(Math.floor((r.amount * r.feeBp) / 10_000)),
        feeFinanced: r.feeFinanced,
        annualRatePercent: (r.rate / 100).toFixed(2),
        frequency: r.frequency,
        numberOfPayments: r.n,
        disbursementDate,
        firstPaymentDate: addDays(disbursementDate, r.gap),
      };
    });
}
