import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import { positionAsOf } from '../loan/ledger';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import { payoffAsOf } from '../loan/servicing';
import { cents } from '../money';
import { payoffLetterFigures } from './payoff-letter';

const d = parseIsoDate;
// $3,000 + $90 financed fee at 15.5 %, 12 monthly payments of $279.63 (installment 1: $39.91 interest).
const S = buildSchedule({
  amountCents: cents(300000),
  originationFeeCents: cents(9000),
  feeFinanced: true,
  annualRatePercent: '15.5',
  frequency: 'monthly',
  numberOfPayments: 12,
  disbursementDate: d('2024-01-15'),
  firstPaymentDate: d('2024-01-31'),
});
const FIRST: LedgerEntry[] = [
  { id: 1, kind: 'disbursement', effectiveDate: d('2024-01-15'), amountCents: 300000 },
  { id: 2, kind: 'scheduled_debit', effectiveDate: d('2024-01-31'), amountCents: 27963 },
];

describe('payoffLetterFigures (golden, to the cent)', () => {
  it('good through 02/20/2024 after installment 1: principal $2,850.28 + 20/29 of the period interest $36.82 = $2,875.67; per diem $1.27', () => {
    const letter = payoffLetterFigures(S, FIRST, [], d('2024-02-20'));
    expect(letter).toEqual({
      goodThrough: '2024-02-20',
      payoffCents: 287567,
      principalCents: 285028,
      interestCents: 2539,
      feesCents: 0,
      perDiemCents: 127,
      debits: [],
    });
  });

  it('a pending debit would raise the payoff by what a return puts back; a scheduled one before the date lowers it; one after does not change it', () => {
    const letter = payoffLetterFigures(
      S,
      FIRST,
      [
        { id: 11, status: 'scheduled', date: d('2024-02-29'), amountCents: cents(27963) },
        { id: 12, status: 'scheduled', date: d('2024-02-10'), amountCents: cents(5000) },
        { id: 10, status: 'pending', date: d('2024-01-31'), amountCents: cents(27963), ledgerEntryId: 2 },
      ],
      d('2024-02-20'),
    );
    expect(letter.debits.map((e) => [e.debit.id, e.effect, e.changeCents, e.payoffIfCents])).toEqual([
      // Returned: the whole $3,090.00 principal again, installment 1's $39.91 interest past due, $25.39 earned.
      [10, 'raises', 27963, 315530],
      // The period's interest is fixed on its first day: a prepayment inside it lowers the payoff cent for cent.
      [12, 'lowers', 5000, 282567],
      [11, 'after', 0, 287567],
    ]);
  });

  it('refuses a date before the loan starts', () => {
    expect(() => payoffLetterFigures(S, FIRST, [], d('2024-01-14'))).toThrow(RangeError);
  });

  it('property: the letter amount is the payoff quote of its date, and its parts add up to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1000, max: 60000 }) }), { maxLength: 6 }),
        (offset, raw) => {
          const date = addDays(S.terms.disbursementDate, offset);
          const pays = raw
            .filter((p) => p.day <= offset)
            .map((p, k) => ({ id: k + 2, kind: 'one_time_payment' as const, effectiveDate: addDays(S.terms.disbursementDate, p.day), amountCents: p.amount }));
          const entries: LedgerEntry[] = [FIRST[0]!, ...pays];
          const letter = payoffLetterFigures(S, entries, [], date);
          expect(letter.payoffCents).toBe(positionAsOf(S, entries, date).outstandingCents);
          expect(letter.payoffCents).toBe(
            payoffAsOf(
              S,
              pays.map((p) => ({ date: p.effectiveDate, amountCents: p.amountCents })),
              date,
            ).payoffCents,
          );
          expect(letter.principalCents + letter.interestCents + letter.feesCents).toBe(letter.payoffCents);
        },
      ),
      { numRuns: 200 },
    );
  });
});
