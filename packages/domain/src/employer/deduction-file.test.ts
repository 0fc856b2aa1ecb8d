import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import { deductionFile, deductionsOn, nextPayDate, payDates, previousPayDate } from './deduction-file';
import type { PayrollLoan } from './deduction-file';

const d = parseIsoDate;
/** Biweekly Fridays from 2030-01-04. */
const PAYDAYS = Array.from({ length: 8 }, (_, k) => addDays(d('2030-01-04'), 14 * k));

const loan = (o: Partial<PayrollLoan> & { loanId: number; personId: number; amounts: number[]; from?: number }): PayrollLoan => ({
  loanId: o.loanId,
  personId: o.personId,
  employeeId: o.employeeId ?? `E-${String(o.personId)}`,
  employeeName: o.employeeName ?? `Person ${String(o.personId)}`,
  installments: o.amounts.map((amountCents, k) => ({ n: k + 1, dueDate: PAYDAYS[(o.from ?? 0) + k]!, amountCents })),
  endsOn: o.endsOn ?? null,
  pauses: o.pauses ?? [],
});

describe('pay dates', () => {
  const loans = [loan({ loanId: 1, personId: 1, amounts: [100, 100, 100] }), loan({ loanId: 2, personId: 2, amounts: [200, 200], from: 2 })];

  it('are the due dates with a deduction, ascending and once each', () => {
    expect(payDates(loans)).toEqual(PAYDAYS.slice(0, 4));
  });

  it('the next payroll is the earliest pay date on or after the business date; none after the last', () => {
    expect(nextPayDate(loans, PAYDAYS[0]!)).toBe(PAYDAYS[0]);
    expect(nextPayDate(loans, addDays(PAYDAYS[0]!, 1))).toBe(PAYDAYS[1]);
    expect(nextPayDate(loans, addDays(PAYDAYS[3]!, 1))).toBeNull();
    expect(nextPayDate([], PAYDAYS[0]!)).toBeNull();
  });

  it('the previous payroll is the latest earlier pay date with a deduction', () => {
    expect(previousPayDate(loans, PAYDAYS[0]!)).toBeNull();
    expect(previousPayDate(loans, PAYDAYS[2]!)).toBe(PAYDAYS[1]);
    expect(previousPayDate(loans, addDays(PAYDAYS[7]!, 1))).toBe(PAYDAYS[3]);
  });

  it('an ended or paused loan adds no pay date', () => {
    const ended = loan({ loanId: 3, personId: 3, amounts: [100, 100, 100], endsOn: PAYDAYS[1]! });
    const paused = loan({ loanId: 4, personId: 4, amounts: [100, 100, 100], pauses: [{ from: PAYDAYS[0]!, to: PAYDAYS[1]! }] });
    expect(payDates([ended])).toEqual([PAYDAYS[0]]);
    expect(payDates([paused])).toEqual([PAYDAYS[2]]);
  });
});

describe('deductionFile', () => {
  it('the first payroll: every employee is new; the total is the sum of the deductions', () => {
    const f = deductionFile(
      [
        loan({ loanId: 1, personId: 1, amounts: [12540, 12540], employeeName: 'Zoe Adams' }),
        loan({ loanId: 2, personId: 2, amounts: [5000], employeeName: 'Ana Brown' }),
      ],
      PAYDAYS[0]!,
    );
    expect(f.previousPayDate).toBeNull();
    expect(f.lines.map((l) => [l.employeeName, l.deductionCents, l.previousCents, l.change])).toEqual([
      ['Ana Brown', 5000, 0, 'new'],
      ['Zoe Adams', 12540, 0, 'new'],
    ]);
    expect(f.totalCents).toBe(17540);
  });

  it('new, changed, unchanged and ended against the previous pay date', () => {
    const loans = [
      loan({ loanId: 1, personId: 1, amounts: [100, 100, 100], employeeName: 'A Same' }),
      loan({ loanId: 2, personId: 2, amounts: [100, 100, 95], employeeName: 'B Final' }),
      loan({ loanId: 3, personId: 3, amounts: [100, 100], employeeName: 'C Paid' }),
      loan({ loanId: 4, personId: 4, amounts: [300], from: 2, employeeName: 'D Joined' }),
      loan({ loanId: 5, personId: 5, amounts: [100, 100, 100], endsOn: PAYDAYS[2]!, employeeName: 'E Terminated' }),
    ];
    const f = deductionFile(loans, PAYDAYS[2]!);
    expect(f.previousPayDate).toBe(PAYDAYS[1]);
    expect(f.lines.map((l) => [l.employeeName, l.deductionCents, l.previousCents, l.change])).toEqual([
      ['A Same', 100, 100, 'unchanged'],
      ['B Final', 95, 100, 'changed'],
      ['D Joined', 300, 0, 'new'],
      ['C Paid', 0, 100, 'ended'],
      ['E Terminated', 0, 100, 'ended'],
    ]);
    expect(f.totalCents).toBe(495);
  });

  it('a leave: ended on the first paused pay date, new again on the first after it', () => {
    const loans = [
      loan({ loanId: 1, personId: 1, amounts: [100, 100, 100, 100, 100] }),
      loan({ loanId: 2, personId: 2, amounts: [50, 50, 50, 50, 50], pauses: [{ from: PAYDAYS[1]!, to: PAYDAYS[2]! }] }),
    ];
    const change = (k: number) => deductionFile(loans, PAYDAYS[k]!).lines.find((l) => l.personId === 2)?.change ?? null;
    expect([0, 1, 2, 3, 4].map(change)).toEqual(['new', 'ended', null, 'new', 'unchanged']);
  });

  it('one line per employee: two loans of one borrower due the same day add up (a refinance closing the old loan is a change)', () => {
    const loans = [
      loan({ loanId: 1, personId: 7, amounts: [100, 100, 100], endsOn: PAYDAYS[1]! }),
      loan({ loanId: 2, personId: 7, amounts: [40, 150, 150], from: 0 }),
    ];
    const first = deductionFile(loans, PAYDAYS[0]!);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatchObject({ deductionCents: 140, loanIds: [1, 2], change: 'new' });
    expect(deductionFile(loans, PAYDAYS[1]!).lines[0]).toMatchObject({ deductionCents: 150, previousCents: 140, change: 'changed', loanIds: [2] });
  });

  it('an employee id missing on one loan is taken from another of the same borrower', () => {
    const got = deductionsOn(
      [loan({ loanId: 1, personId: 1, amounts: [1], employeeId: '' }), loan({ loanId: 2, personId: 1, amounts: [1], employeeId: 'X9' })],
      PAYDAYS[0]!,
    );
    expect(got.get(1)?.employeeId).toBe('X9');
  });

  it('a date that is no pay date has no lines (and ends everyone of the payroll before)', () => {
    const f = deductionFile([loan({ loanId: 1, personId: 1, amounts: [100] })], addDays(PAYDAYS[0]!, 3));
    expect(f.lines.map((l) => l.change)).toEqual(['ended']);
    expect(f.totalCents).toBe(0);
  });

  it('property: the total is the sum of the installments due that pay date of the loans deducted then', () => {
    const arbLoan = fc.record({
      personId: fc.integer({ min: 1, max: 6 }),
      amounts: fc.array(fc.integer({ min: 0, max: 500_00 }), { minLength: 1, maxLength: 6 }),
      from: fc.integer({ min: 0, max: 2 }),
      endsAt: fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }),
      pause: fc.option(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 3 })), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(arbLoan, { maxLength: 8 }), fc.integer({ min: 0, max: 7 }), (specs, k) => {
        const loans = specs.map((s, i) =>
          loan({
            loanId: i + 1,
            personId: s.personId,
            amounts: s.amounts,
            from: s.from,
            endsOn: s.endsAt === null ? null : PAYDAYS[s.endsAt]!,
            pauses: s.pause === null ? [] : [{ from: PAYDAYS[s.pause[0]]!, to: addDays(PAYDAYS[s.pause[0]]!, 14 * s.pause[1]) }],
          }),
        );
        const payDate = PAYDAYS[k]!;
        const expected = loans
          .filter((l) => (l.endsOn === null || payDate < l.endsOn) && !l.pauses.some((p) => payDate >= p.from && payDate <= p.to))
          .flatMap((l) => l.installments.filter((i) => i.dueDate === payDate))
          .reduce((sum, i) => sum + i.amountCents, 0);
        const f = deductionFile(loans, payDate);
        expect(f.totalCents).toBe(expected);
        expect(f.lines.reduce((sum, l) => sum + l.deductionCents, 0)).toBe(expected);
        // One line per employee; an ended line deducts nothing (the CSV round trip: adapters/file-formats/payroll-csv.test.ts).
        expect(new Set(f.lines.map((l) => l.personId)).size).toBe(f.lines.length);
        expect(f.lines.filter((l) => l.change === 'ended').every((l) => l.deductionCents === 0 && l.previousCents > 0)).toBe(true);
      }),
    );
  });
});
