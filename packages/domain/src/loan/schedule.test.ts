/**
 * Golden schedules. Every expected figure below was derived INDEPENDENTLY of this engine by
 * `src/loan/golden/derive-goldens.py` (Python decimal.Decimal at 60 digits with ROUND_HALF_UP,
 * dates from the standard datetime module, APR by Decimal bisection on the Appendix J equation) —
 * run `python3 packages/domain/src/loan/golden/derive-goldens.py` and compare with its printed output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, parseAnnualRatePercent, periodicRate } from '../money';
import { parseIsoDate } from '../dates';
import { quoteLoan } from './disclosure';
import { FREQUENCIES } from './frequency';
import { applyFeeTreatment, buildSchedule, levelPayment } from './schedule';
import type { LoanTerms } from './schedule';
import ALL_ROWS from './golden/schedules.json';

type Row = [n: number, due: string, payment: number, interest: number, principal: number, balance: number];

interface Golden {
  /** The schedule's name in derive-goldens.py and schedules.json. */
  key: keyof typeof ALL_ROWS;
  name: string;
  terms: LoanTerms;
  note: number;
  financed: number;
  payment: number;
  final: number;
  rows: number;
  interest: number;
  financeCharge: number;
  totalOfPayments: number;
  apr: string;
  sample: Row[];
}

const t = (
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
  disbursementDate: parseIsoDate(disb),
  firstPaymentDate: parseIsoDate(first),
});

const GOLDEN: Golden[] = [
  {
    key: 'weekly-260-fee-financed',
    name: 'weekly, 260 payments, fee financed',
    terms: t(500000, 25000, true, '24.99', 'weekly', 260, '2025-01-03', '2025-01-10'),
    note: 525000,
    financed: 500000,
    payment: 3541,
    final: 3606,
    rows: 260,
    interest: 395725,
    financeCharge: 420725,
    totalOfPayments: 920725,
    apr: '27.4670',
    sample: [
      [1, '2025-01-10', 3541, 2523, 1018, 523982],
      [2, '2025-01-17', 3541, 2518, 1023, 522959],
      [3, '2025-01-24', 3541, 2513, 1028, 521931],
      [259, '2029-12-21', 3541, 34, 3507, 3589],
      [260, '2029-12-28', 3606, 17, 3589, 0],
    ],
  },
  {
    key: 'weekly-odd-fee-not-financed',
    name: 'weekly, odd first period (9 days), fee not financed',
    terms: t(80000, 4000, false, '35.99', 'weekly', 26, '2025-02-05', '2025-02-14'),
    note: 80000,
    financed: 76000,
    payment: 3373,
    final: 3364,
    rows: 26,
    interest: 7689,
    financeCharge: 11689,
    totalOfPayments: 87689,
    apr: '55.4507',
    sample: [
      [1, '2025-02-14', 3373, 554, 2819, 77181],
      [2, '2025-02-21', 3373, 534, 2839, 74342],
      [3, '2025-02-28', 3373, 515, 2858, 71484],
      [25, '2025-08-01', 3373, 46, 3327, 3341],
      [26, '2025-08-08', 3364, 23, 3341, 0],
    ],
  },
  {
    key: 'biweekly-no-fee-odd',
    name: 'bi-weekly, odd first period (13 days), no fee',
    terms: t(120000, 0, true, '19.99', 'biweekly', 26, '2025-03-01', '2025-03-14'),
    note: 120000,
    financed: 120000,
    payment: 5110,
    final: 5103,
    rows: 26,
    interest: 12853,
    financeCharge: 12853,
    totalOfPayments: 132853,
    apr: '20.1016',
    sample: [
      [1, '2025-03-14', 5110, 923, 4187, 115813],
      [2, '2025-03-28', 5110, 890, 4220, 111593],
      [3, '2025-04-11', 5110, 858, 4252, 107341],
      [25, '2026-02-13', 5110, 78, 5032, 5064],
      [26, '2026-02-27', 5103, 39, 5064, 0],
    ],
  },
  {
    key: 'biweekly-fee-financed',
    name: 'bi-weekly, fee financed',
    terms: t(250000, 7500, true, '29.5', 'biweekly', 52, '2025-06-02', '2025-06-13'),
    note: 257500,
    financed: 250000,
    payment: 6583,
    final: 6570,
    rows: 52,
    interest: 84803,
    financeCharge: 92303,
    totalOfPayments: 342303,
    apr: '33.0626',
    sample: [
      [1, '2025-06-13', 6583, 2922, 3661, 253839],
      [2, '2025-06-27', 6583, 2880, 3703, 250136],
      [3, '2025-07-11', 6583, 2838, 3745, 246391],
      [51, '2027-05-14', 6583, 147, 6436, 6496],
      [52, '2027-05-28', 6570, 74, 6496, 0],
    ],
  },
  {
    key: 'semimonthly-month-end-fee-not-financed',
    name: 'semi-monthly on the 16th and month end, fee not financed',
    terms: t(200000, 10000, false, '29.9', 'semimonthly', 24, '2025-01-20', '2025-01-31'),
    note: 200000,
    financed: 190000,
    payment: 9693,
    final: 9683,
    rows: 24,
    interest: 32622,
    financeCharge: 42622,
    totalOfPayments: 232622,
    apr: '41.3105',
    sample: [
      [1, '2025-01-31', 9693, 2492, 7201, 192799],
      [2, '2025-02-16', 9693, 2402, 7291, 185508],
      [3, '2025-02-28', 9693, 2311, 7382, 178126],
      [23, '2025-12-31', 9693, 237, 9456, 9564],
      [24, '2026-01-16', 9683, 119, 9564, 0],
    ],
  },
  {
    key: 'semimonthly-15th-no-fee',
    name: 'semi-monthly on the 15th and 30th (28th in February), no fee',
    terms: t(150000, 0, true, '35.99', 'semimonthly', 12, '2025-02-03', '2025-02-15'),
    note: 150000,
    financed: 150000,
    payment: 13752,
    final: 13748,
    rows: 12,
    interest: 15020,
    financeCharge: 15020,
    totalOfPayments: 165020,
    apr: '37.5774',
    sample: [
      [1, '2025-02-15', 13752, 2249, 11503, 138497],
      [2, '2025-02-28', 13752, 2077, 11675, 126822],
      [3, '2025-03-15', 13752, 1902, 11850, 114972],
      [11, '2025-07-15', 13752, 403, 13349, 13545],
      [12, '2025-07-30', 13748, 203, 13545, 0],
    ],
  },
  {
    key: 'monthly-month-end-leap-fee-financed',
    name: 'monthly at month end through a leap February, fee financed',
    terms: t(300000, 9000, true, '15.5', 'monthly', 12, '2024-01-15', '2024-01-31'),
    note: 309000,
    financed: 300000,
    payment: 27963,
    final: 27961,
    rows: 12,
    interest: 26554,
    financeCharge: 35554,
    totalOfPayments: 335554,
    apr: '22.9071',
    sample: [
      [1, '2024-01-31', 27963, 3991, 23972, 285028],
      [2, '2024-02-29', 27963, 3682, 24281, 260747],
      [3, '2024-03-31', 27963, 3368, 24595, 236152],
      [11, '2024-11-30', 27963, 709, 27254, 27604],
      [12, '2024-12-31', 27961, 357, 27604, 0],
    ],
  },
  {
    key: 'monthly-long-first-period',
    name: 'monthly, long odd first period (50 days), no fee',
    terms: t(500000, 0, true, '12', 'monthly', 24, '2025-01-10', '2025-03-01'),
    note: 500000,
    financed: 500000,
    payment: 23537,
    final: 23529,
    rows: 24,
    interest: 64880,
    financeCharge: 64880,
    totalOfPayments: 564880,
    apr: '11.3067',
    sample: [
      [1, '2025-03-01', 23537, 5000, 18537, 481463],
      [2, '2025-04-01', 23537, 4815, 18722, 462741],
      [3, '2025-05-01', 23537, 4627, 18910, 443831],
      [23, '2027-01-01', 23537, 464, 23073, 23296],
      [24, '2027-02-01', 23529, 233, 23296, 0],
    ],
  },
  {
    key: 'zero-rate-monthly',
    name: 'zero rate, monthly, residue on the last row',
    terms: t(100000, 0, true, '0', 'monthly', 7, '2025-01-01', '2025-02-01'),
    note: 100000,
    financed: 100000,
    payment: 14286,
    final: 14284,
    rows: 7,
    interest: 0,
    financeCharge: 0,
    totalOfPayments: 100000,
    apr: '0.0000',
    sample: [
      [1, '2025-02-01', 14286, 0, 14286, 85714],
      [2, '2025-03-01', 14286, 0, 14286, 71428],
      [3, '2025-04-01', 14286, 0, 14286, 57142],
      [6, '2025-07-01', 14286, 0, 14286, 14284],
      [7, '2025-08-01', 14284, 0, 14284, 0],
    ],
  },
  {
    key: 'zero-rate-weekly-fee-not-financed',
    name: 'zero rate, weekly, fee not financed',
    terms: t(50000, 2500, false, '0', 'weekly', 10, '2025-01-01', '2025-01-08'),
    note: 50000,
    financed: 47500,
    payment: 5000,
    final: 5000,
    rows: 10,
    interest: 0,
    financeCharge: 2500,
    totalOfPayments: 50000,
    apr: '49.0696',
    sample: [
      [1, '2025-01-08', 5000, 0, 5000, 45000],
      [2, '2025-01-15', 5000, 0, 5000, 40000],
      [3, '2025-01-22', 5000, 0, 5000, 35000],
      [9, '2025-03-05', 5000, 0, 5000, 5000],
      [10, '2025-03-12', 5000, 0, 5000, 0],
    ],
  },
];

describe('golden schedules (independently derived, to the cent)', () => {
  for (const g of GOLDEN) {
    it(g.name, () => {
      const { schedule: s, disclosure: d } = quoteLoan(g.terms);
      expect(s.notePrincipalCents).toBe(g.note);
      expect(s.amountFinancedCents).toBe(g.financed);
      expect(s.regularPaymentCents).toBe(g.payment);
      expect(s.finalPaymentCents).toBe(g.final);
      expect(s.rows).toHaveLength(g.rows);
      expect(s.totalInterestCents).toBe(g.interest);
      expect(d.financeChargeCents).toBe(g.financeCharge);
      expect(d.totalOfPaymentsCents).toBe(g.totalOfPayments);
      expect(d.aprPercent).toBe(g.apr);
      for (const [n, due, payment, interest, principal, balance] of g.sample) {
        expect(s.rows[n - 1]).toEqual({ n, dueDate: due, paymentCents: payment, interestCents: interest, principalCents: principal, balanceCents: balance });
      }
      // Every period, not a sample: the whole schedule as the independent derivation wrote it.
      const every = ALL_ROWS[g.key] as Row[];
      expect(every).toHaveLength(g.rows);
      expect(s.rows).toEqual(
        every.map(([n, dueDate, paymentCents, interestCents, principalCents, balanceCents]) => ({
          n,
          dueDate,
          paymentCents,
          interestCents,
          principalCents,
          balanceCents,
        })),
      );
    });
  }
});

describe('schedule rules', () => {
  it('computes the level payment exactly (BigInt), including for 260 weekly periods', () => {
    expect(levelPayment(cents(525000), periodicRate(parseAnnualRatePercent('24.99'), 52), 260)).toBe(3541);
    expect(levelPayment(cents(100000), periodicRate(parseAnnualRatePercent('0'), 12), 3)).toBe(33333);
    expect(levelPayment(cents(100), periodicRate(parseAnnualRatePercent('0'), 12), 8)).toBe(13); // 12.5 → 13 (half-up)
  });

  it('keeps interest per period in an odd first period (only the APR sees the dates)', () => {
    const short = buildSchedule(t(100000, 0, true, '12', 'monthly', 6, '2025-01-25', '2025-02-01'));
    const long = buildSchedule(t(100000, 0, true, '12', 'monthly', 6, '2024-12-05', '2025-02-01'));
    expect(short.rows[0]?.interestCents).toBe(1000);
    expect(long.rows[0]?.interestCents).toBe(1000);
    expect(quoteLoan(short.terms).disclosure.aprPercent).not.toBe(quoteLoan(long.terms).disclosure.aprPercent);
  });

  it('applies the fee treatment', () => {
    expect(applyFeeTreatment(cents(100000), cents(5000), true)).toEqual({ notePrincipalCents: 105000, amountFinancedCents: 100000, disbursedCents: 100000 });
    expect(applyFeeTreatment(cents(100000), cents(5000), false)).toEqual({ notePrincipalCents: 100000, amountFinancedCents: 95000, disbursedCents: 95000 });
  });

  it('rejects terms that cannot amortise or are malformed', () => {
    expect(() => buildSchedule(t(3, 0, true, '0', 'monthly', 12, '2025-01-01', '2025-02-01'))).toThrow(RangeError);
    expect(() => buildSchedule(t(100000, 0, true, '12', 'monthly', 12, '2025-02-01', '2025-02-01'))).toThrow(/first payment/);
    expect(() => buildSchedule(t(100000, 100000, false, '12', 'monthly', 12, '2025-01-01', '2025-02-01'))).toThrow(/fee/);
    expect(() => buildSchedule(t(100000, 0, true, '12.5.1', 'monthly', 12, '2025-01-01', '2025-02-01'))).toThrow(/decimal/);
  });
});

/** Random valid loan terms (dates from 2020 on, rates 0–99.99 %, 1–260 payments). */
const termsArb = fc
  .record({
    amount: fc.integer({ min: 10000, max: 5_000_000 }),
    feeBasisPoints: fc.integer({ min: 0, max: 1000 }),
    feeFinanced: fc.boolean(),
    rateHundredths: fc.integer({ min: 0, max: 9999 }),
    frequency: fc.constantFrom(...FREQUENCIES),
    n: fc.integer({ min: 1, max: 260 }),
    disbOffset: fc.integer({ min: 0, max: 3000 }),
    firstGap: fc.integer({ min: 1, max: 45 }),
  })
  .map((r) => {
    const disb = new Date(Date.UTC(2020, 0, 1 + r.disbOffset)).toISOString().slice(0, 10);
    const first = new Date(Date.UTC(2020, 0, 1 + r.disbOffset + r.firstGap)).toISOString().slice(0, 10);
    return t(r.amount, Math.floor((r.amount * r.feeBasisPoints) / 10000), r.feeFinanced, (r.rateHundredths / 100).toFixed(2), r.frequency, r.n, disb, first);
  });

/** Degenerate terms (payment not above the first period's interest) are rejected by design; skip them. */
function amortises(terms: LoanTerms): boolean {
  try {
    buildSchedule(terms);
    return true;
  } catch (e) {
    if (e instanceof RangeError && /does not amortise/.test(e.message)) return false;
    throw e;
  }
}

describe('schedule properties', () => {
  it('principal sums to the note principal; total of payments = amount financed + finance charge', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        fc.pre(amortises(terms));
        const { schedule: s, disclosure: d } = quoteLoan(terms);
        const principal = s.rows.reduce((a, r) => a + r.principalCents, 0);
        expect(principal).toBe(s.notePrincipalCents);
        expect(d.totalOfPaymentsCents).toBe(d.amountFinancedCents + d.financeChargeCents);
        expect(s.rows.reduce((a, r) => a + r.paymentCents, 0)).toBe(d.totalOfPaymentsCents);
        expect(s.rows.at(-1)?.balanceCents).toBe(0);
        for (const r of s.rows) expect(r.paymentCents).toBe(r.interestCents + r.principalCents);
      }),
      { numRuns: 200 },
    );
  });
});
