import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELINQUENCY_BUCKETS } from '../collections/buckets';
import type { IsoDate } from '../dates';
import {
  addMonthsTo,
  apportionBasisPoints,
  basisPoints,
  cellsOf,
  isMonthEnd,
  monthEndFact,
  monthEndOf,
  monthsBetween,
  portfolioFigures,
  stateOf,
} from './figures';
import type { FactStatus, MonthEndFact } from './figures';

const d = (s: string) => s as IsoDate;

describe('month helpers', () => {
  it('month ends, months between and month arithmetic', () => {
    expect(monthEndOf('2027-02')).toBe('2027-02-28');
    expect(monthEndOf('2028-02-10')).toBe('2028-02-29');
    expect(isMonthEnd(d('2027-01-31'))).toBe(true);
    expect(isMonthEnd(d('2027-01-30'))).toBe(false);
    expect(monthsBetween('2026-11', '2027-02')).toBe(3);
    expect(addMonthsTo('2026-11', 3)).toBe('2027-02');
    expect(addMonthsTo('2027-01', -1)).toBe('2026-12');
  });
});

describe('apportionBasisPoints', () => {
  it('splits into whole basis points adding up to 10,000', () => {
    expect(apportionBasisPoints([1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(apportionBasisPoints([0, 0])).toEqual([0, 0]);
    expect(apportionBasisPoints([5, 0, 15])).toEqual([2500, 0, 7500]);
  });
  it('property: sums to exactly 10,000 for any non-zero total', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000_000 }), { minLength: 1, maxLength: 12 }), (xs) => {
        const bp = apportionBasisPoints(xs);
        const total = bp.reduce((s, v) => s + v, 0);
        expect(total).toBe(xs.some((x) => x > 0) ? 10_000 : 0);
        bp.forEach((b, i) =>
          expect(
            Math.abs(
              b -
                ((xs[i] ?? 0) * 10_000) /
                  Math.max(
                    1,
                    xs.reduce((s, v) => s + v, 0),
                  ),
            ),
          ).toBeLessThan(1),
        );
      }),
    );
  });
  it('basisPoints rounds a rate', () => {
    expect(basisPoints(1, 3)).toBe(3333);
    expect(basisPoints(2, 3)).toBe(6667);
    expect(basisPoints(5, 0)).toBe(0);
  });
});

describe('monthEndFact', () => {
  const loan = { loanId: 7, disbursementDate: '2027-01-15', amountCents: 100_000, status: 'opened' as const };
  it('an open loan: bucket by days past due, default from 60', () => {
    const f = monthEndFact(loan, { closed: false, daysPastDue: 0, principalCents: 90_000 }, d('2027-01-31'));
    expect(f).toMatchObject({ originationMonth: '2027-01', status: 'opened', bucket: 'current', principalCents: 90_000, chargedOffCents: 0 });
    expect(monthEndFact(loan, { closed: false, daysPastDue: 45, principalCents: 1 }, d('2027-03-31'))).toMatchObject({ status: 'opened', bucket: '30-59' });
    expect(monthEndFact(loan, { closed: false, daysPastDue: 61, principalCents: 1 }, d('2027-03-31'))).toMatchObject({ status: 'default', bucket: '60-89' });
  });
  it('a closed loan is paid off with no balance; a refinanced one keeps its status', () => {
    expect(monthEndFact(loan, { closed: true, daysPastDue: 0, principalCents: 0 }, d('2027-06-30'))).toMatchObject({
      status: 'closed_paid',
      principalCents: 0,
    });
    expect(monthEndFact({ ...loan, status: 'closed_refinanced' }, { closed: true, daysPastDue: 0, principalCents: 0 }, d('2027-06-30'))).toMatchObject({
      status: 'closed_refinanced',
    });
  });
  it('a charged-off loan: the principal its charge-off entries wrote off; a charge_off status without entries from 120 days past due', () => {
    const chargeOff = { chargedOffCents: 72_000, components: { principal: 65_000 } };
    expect(monthEndFact(loan, { closed: true, daysPastDue: 121, principalCents: 0, chargeOff }, d('2027-07-31'))).toMatchObject({
      status: 'charge_off',
      bucket: '120+',
      principalCents: 65_000,
      chargedOffCents: 65_000,
    });
    const co = { ...loan, status: 'charge_off' };
    expect(monthEndFact(co, { closed: false, daysPastDue: 121, principalCents: 70_000 }, d('2027-07-31'))).toMatchObject({
      status: 'charge_off',
      chargedOffCents: 70_000,
    });
    // Not yet 120 days past due on that month end: the loan was still open then.
    expect(monthEndFact(co, { closed: false, daysPastDue: 100, principalCents: 70_000 }, d('2027-06-30'))).toMatchObject({
      status: 'default',
      chargedOffCents: 0,
    });
  });
  it('stateOf', () => {
    expect(stateOf({ status: 'charge_off', daysPastDue: 130 })).toBe('charged_off');
    expect(stateOf({ status: 'closed_paid', daysPastDue: 0 })).toBe('paid_off');
    expect(stateOf({ status: 'default', daysPastDue: 95 })).toBe('90-119');
  });
});

/** A hand-made book: two loans of January, one of February, over three month ends. */
function smallBook(): { facts: MonthEndFact[]; loans: { disbursementDate: string; amountCents: number }[] } {
  const f = (loanId: number, monthEnd: string, status: FactStatus, dpd: number, principal: number, co = 0, orig = '2027-01'): MonthEndFact => ({
    loanId,
    monthEnd: d(monthEnd),
    originationMonth: orig,
    originalAmountCents: 100_000,
    status,
    daysPastDue: dpd,
    bucket: stateOf({ status: 'opened', daysPastDue: dpd }) as MonthEndFact['bucket'],
    principalCents: principal,
    chargedOffCents: co,
  });
  return {
    loans: [
      { disbursementDate: '2027-01-05', amountCents: 100_000 },
      { disbursementDate: '2027-01-20', amountCents: 100_000 },
      { disbursementDate: '2027-02-03', amountCents: 100_000 },
    ],
    facts: [
      f(1, '2027-01-31', 'opened', 0, 100_000),
      f(2, '2027-01-31', 'opened', 0, 100_000),
      f(1, '2027-02-28', 'opened', 0, 80_000),
      f(2, '2027-02-28', 'opened', 10, 100_000),
      f(3, '2027-02-28', 'opened', 0, 100_000, 0, '2027-02'),
      f(1, '2027-03-31', 'closed_paid', 0, 0),
      f(2, '2027-03-31', 'opened', 41, 100_000),
      f(3, '2027-03-31', 'charge_off', 0, 90_000, 90_000, '2027-02'),
    ],
  };
}

describe('portfolioFigures on a small book', () => {
  const { facts, loans } = smallBook();
  const figures = portfolioFigures(
    cellsOf(facts, loans, [{ month: '2027-01', approved: 3, declined: 1, funded: 2 }], [{ month: '2027-03', amountCents: 5_000 }]),
  );
  it('originations and rates by month', () => {
    expect(figures.originations).toEqual([
      { month: '2027-01', count: 2, amountCents: 200_000 },
      { month: '2027-02', count: 1, amountCents: 100_000 },
    ]);
    expect(figures.decisions).toEqual([{ month: '2027-01', decided: 4, approved: 3, funded: 2, approvalRateBp: 7500, fundingRateBp: 6667 }]);
  });
  it('active balance and delinquency buckets', () => {
    expect(figures.balances.map((b) => [b.monthEnd, b.activeCount, b.activeBalanceCents])).toEqual([
      ['2027-01-31', 2, 200_000],
      ['2027-02-28', 3, 280_000],
      ['2027-03-31', 1, 100_000],
    ]);
    const feb = figures.delinquency[1]!.buckets;
    expect(feb.find((b) => b.bucket === 'current')).toMatchObject({ count: 2, principalCents: 180_000, shareBp: 6429 });
    expect(feb.find((b) => b.bucket === '1-29')).toMatchObject({ count: 1, principalCents: 100_000, shareBp: 3571 });
  });
  it('roll rates: the share of each bucket’s balance by where it is a month later', () => {
    const febToMar = figures.rollRates.find((r) => r.fromMonthEnd === '2027-02-28')!;
    const current = febToMar.rows.find((r) => r.from === 'current')!;
    expect(current.principalCents).toBe(180_000);
    expect(current.to.find((t) => t.state === 'paid_off')).toMatchObject({ principalCents: 80_000, shareBp: 4444 });
    expect(current.to.find((t) => t.state === 'charged_off')).toMatchObject({ principalCents: 100_000, shareBp: 5556 });
    const late = febToMar.rows.find((r) => r.from === '1-29')!;
    expect(late.to.find((t) => t.state === '30-59')).toMatchObject({ principalCents: 100_000, shareBp: 10_000 });
  });
  it('charge-offs with recoveries, and vintage loss curves', () => {
    expect(figures.chargeOffs.find((c) => c.month === '2027-03')).toEqual({
      month: '2027-03',
      count: 1,
      amountCents: 90_000,
      recoveriesCents: 5_000,
      netCents: 85_000,
    });
    const feb = figures.vintages.find((v) => v.originationMonth === '2027-02')!;
    expect(feb.points.map((p) => [p.monthsOnBook, p.cumulativeChargedOffCents, p.lossBp])).toEqual([
      [0, 0, 0],
      [1, 90_000, 9000],
    ]);
    expect(figures.vintages.find((v) => v.originationMonth === '2027-01')!.points.every((p) => p.lossBp === 0)).toBe(true);
  });
});

// ---- Properties over random books ----------------------------------------------------------------------

const START = '2026-01';
/** A random book: each loan starts in some month and walks month by month (days past due move, principal falls), ending paid or charged off or still open. */
const arbBook = fc
  .array(
    fc.record({
      start: fc.nat({ max: 8 }),
      amount: fc.integer({ min: 10_000, max: 2_000_000 }),
      path: fc.array(
        fc.record({
          dpd: fc.oneof(fc.constant(0), fc.nat({ max: 150 })),
          paid: fc.nat({ max: 30 }),
          end: fc.constantFrom('none', 'none', 'none', 'paid', 'charge_off', 'refinanced'),
        }),
        { minLength: 1, maxLength: 10 },
      ),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((loans) => {
    const facts: MonthEndFact[] = [];
    const book = loans.map((l, i) => {
      const month = addMonthsTo(START, l.start);
      let principal = l.amount;
      // Month by month to the book's last month end (START + 11): a loan still open has a fact at every one.
      for (let k = 0; monthsBetween(START, addMonthsTo(month, k)) <= 11; k += 1) {
        const step = k < l.path.length ? l.path[k]! : { ...l.path[l.path.length - 1]!, end: 'none' };
        const monthEnd = monthEndOf(addMonthsTo(month, k));
        principal = Math.max(0, principal - Math.floor((principal * step.paid) / 100));
        const status: FactStatus =
          step.end === 'paid' ? 'closed_paid' : step.end === 'refinanced' ? 'closed_refinanced' : step.end === 'charge_off' ? 'charge_off' : 'opened';
        const chargeOff = status === 'charge_off' ? { chargedOffCents: principal, components: { principal } } : null;
        const fact = monthEndFact(
          { loanId: i + 1, disbursementDate: `${month}-10`, amountCents: l.amount, status },
          { closed: status !== 'opened', daysPastDue: step.dpd, principalCents: principal, chargeOff },
          monthEnd,
        );
        facts.push(fact);
        if (status !== 'opened') break;
      }
      return { disbursementDate: `${month}-10`, amountCents: l.amount };
    });
    return { facts, loans: book };
  });

describe('portfolio properties', () => {
  it('bucket shares add up to 100 % at every month end with an open balance; counts equal the open facts', () => {
    fc.assert(
      fc.property(arbBook, ({ facts, loans }) => {
        const f = portfolioFigures(cellsOf(facts, loans));
        for (const row of f.delinquency) {
          const total = row.buckets.reduce((s, b) => s + b.shareBp, 0);
          const open = facts.filter((x) => x.monthEnd === row.monthEnd && (x.status === 'opened' || x.status === 'default'));
          expect(total).toBe(open.some((x) => x.principalCents > 0) ? 10_000 : 0);
          expect(row.buckets.reduce((s, b) => s + b.count, 0)).toBe(open.length);
          expect(f.balances.find((b) => b.monthEnd === row.monthEnd)!.activeBalanceCents).toBe(open.reduce((s, x) => s + x.principalCents, 0));
        }
      }),
    );
  });
  it('each roll-rate row sums to 100 % of the prior bucket’s balance, and that balance is the bucket’s at the prior month end', () => {
    fc.assert(
      fc.property(arbBook, ({ facts, loans }) => {
        const f = portfolioFigures(cellsOf(facts, loans));
        for (const m of f.rollRates) {
          const prior = f.delinquency.find((r) => r.monthEnd === m.fromMonthEnd)!;
          for (const row of m.rows) {
            expect(row.to.reduce((s, t) => s + t.principalCents, 0)).toBe(row.principalCents);
            expect(row.to.reduce((s, t) => s + t.shareBp, 0)).toBe(row.principalCents > 0 ? 10_000 : 0);
            // Every open loan has a fact the next month (until its terminal one): nothing leaves the matrix.
            expect(row.principalCents).toBe(prior.buckets.find((b) => b.bucket === row.from)!.principalCents);
          }
          expect(DELINQUENCY_BUCKETS.length).toBe(m.rows.length);
        }
      }),
    );
  });
  it('vintage loss curves never decrease and end at the vintage’s charge-offs', () => {
    fc.assert(
      fc.property(arbBook, ({ facts, loans }) => {
        const f = portfolioFigures(cellsOf(facts, loans));
        for (const v of f.vintages) {
          for (let k = 1; k < v.points.length; k += 1) {
            expect(v.points[k]!.cumulativeChargedOffCents).toBeGreaterThanOrEqual(v.points[k - 1]!.cumulativeChargedOffCents);
            expect(v.points[k]!.lossBp).toBeGreaterThanOrEqual(v.points[k - 1]!.lossBp);
          }
          const charged = facts
            .filter((x) => x.originationMonth === v.originationMonth && x.status === 'charge_off')
            .reduce((s, x) => s + x.chargedOffCents, 0);
          expect(v.points[v.points.length - 1]!.cumulativeChargedOffCents).toBe(charged);
        }
      }),
    );
  });
  it('originations equal the sum of the loans; charge-offs equal the charged-off facts', () => {
    fc.assert(
      fc.property(arbBook, ({ facts, loans }) => {
        const f = portfolioFigures(cellsOf(facts, loans));
        expect(f.originations.reduce((s, o) => s + o.count, 0)).toBe(loans.length);
        expect(f.originations.reduce((s, o) => s + o.amountCents, 0)).toBe(loans.reduce((s, l) => s + l.amountCents, 0));
        for (const o of f.originations)
          expect(o.amountCents).toBe(loans.filter((l) => l.disbursementDate.startsWith(o.month)).reduce((s, l) => s + l.amountCents, 0));
        const co = facts.filter((x) => x.status === 'charge_off');
        expect(f.chargeOffs.reduce((s, c) => s + c.count, 0)).toBe(co.length);
        expect(f.chargeOffs.reduce((s, c) => s + c.amountCents, 0)).toBe(co.reduce((s, x) => s + x.chargedOffCents, 0));
      }),
    );
  });
});

describe('CSV of each figure', () => {
  it('quotes what needs quoting, ends lines with CRLF, and prints money and shares as decimals', async () => {
    const { toCsv, dollars, figureCsv } = await import('./csv');
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          [1, 'line\nbreak'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,"line\nbreak"\r\n');
    expect(dollars(123_456)).toBe('1234.56');
    expect(dollars(-5)).toBe('-0.05');
    const { facts, loans } = smallBook();
    const f = portfolioFigures(cellsOf(facts, loans));
    expect(figureCsv(f, 'originations')).toBe('month,loans,amount_usd\r\n2027-01,2,2000.00\r\n2027-02,1,1000.00\r\n');
    const roll = figureCsv(f, 'roll-rates').trimEnd().split('\r\n');
    expect(roll[0]).toBe(
      'from_month_end,to_month_end,from_bucket,from_principal_usd,to_current_pct,to_1-29_pct,to_30-59_pct,to_60-89_pct,to_90-119_pct,to_120+_pct,to_charged_off_pct,to_paid_off_pct',
    );
    expect(roll).toContain('2027-02-28,2027-03-31,current,1800.00,0.00,0.00,0.00,0.00,0.00,0.00,55.56,44.44');
    for (const fig of ['decisions', 'balances', 'delinquency', 'charge-offs', 'vintages'] as const) {
      const lines = figureCsv(f, fig).trimEnd().split('\r\n');
      const width = lines[0]!.split(',').length;
      for (const l of lines) expect(l.split(',').length).toBe(width);
    }
  });
});
