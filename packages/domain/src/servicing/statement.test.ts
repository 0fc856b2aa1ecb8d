import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import type { LedgerEntry } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import type { LoanTerms } from '../loan/schedule';
import { cents } from '../money';
import {
  activityLines,
  lastClosedMonth,
  monthOf,
  monthPeriod,
  periodLabel,
  statementDue,
  statementFigures,
  totalsAsOf,
  yearEndFigures,
  yearPeriod,
} from './statement';

const d = parseIsoDate;

/** $1,200 at 0 %, three monthly payments of $400: every figure is easy to check by hand. */
const FLAT: LoanTerms = {
  amountCents: cents(120_000),
  originationFeeCents: cents(0),
  feeFinanced: false,
  annualRatePercent: '0.00',
  frequency: 'monthly',
  numberOfPayments: 3,
  disbursementDate: d('2027-09-10'),
  firstPaymentDate: d('2027-10-10'),
};
const flat = buildSchedule(FLAT);
const disbursement: LedgerEntry = { id: 1, kind: 'disbursement', effectiveDate: d('2027-09-10'), amountCents: 120_000 };

describe('periods', () => {
  it('are calendar months and years, labelled for people', () => {
    expect(monthPeriod(2027, 2)).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(monthPeriod(2028, 2)).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthPeriod(2027, 12)).toEqual({ start: '2027-12-01', end: '2027-12-31' });
    expect(monthOf(d('2027-10-17'))).toEqual({ start: '2027-10-01', end: '2027-10-31' });
    expect(lastClosedMonth(d('2027-11-01'))).toEqual({ start: '2027-10-01', end: '2027-10-31' });
    expect(lastClosedMonth(d('2028-01-15'))).toEqual({ start: '2027-12-01', end: '2027-12-31' });
    expect(periodLabel(monthPeriod(2027, 10))).toBe('October 2027');
    expect(periodLabel(yearPeriod(2027))).toBe('2027');
  });
});

describe('monthly statement', () => {
  it('the month of funding: the note comes in, the next payment is the first installment', () => {
    const s = statementFigures(flat, [disbursement], monthPeriod(2027, 9));
    expect(s.openingBalanceCents).toBe(0);
    expect(s.closingBalanceCents).toBe(120_000);
    expect(s.lines).toEqual([expect.objectContaining({ kind: 'disbursement', amountCents: 120_000, effectCents: 120_000 })]);
    expect(s.nextPayment).toEqual({ dueDate: '2027-10-10', amountCents: 40_000 });
    expect(s.pastDueCents).toBe(0);
  });

  it('a payment on time lowers the balance by its principal; the year to date adds up', () => {
    const entries: LedgerEntry[] = [disbursement, { id: 2, kind: 'scheduled_debit', effectiveDate: d('2027-10-10'), amountCents: 40_000 }];
    const s = statementFigures(flat, entries, monthPeriod(2027, 10));
    expect(s.openingBalanceCents).toBe(120_000);
    expect(s.closingBalanceCents).toBe(80_000);
    expect(s.paidInPeriod).toEqual({ principalCents: 40_000, interestCents: 0, feesCents: 0 });
    expect(s.paidYearToDate).toEqual({ principalCents: 40_000, interestCents: 0, feesCents: 0 });
    expect(s.paymentsCents).toBe(40_000);
    expect(s.nextPayment).toEqual({ dueDate: '2027-11-10', amountCents: 40_000 });
  });

  it('a return in the next month puts the payment back, and a late fee and its waiver show as lines', () => {
    const entries: LedgerEntry[] = [
      disbursement,
      { id: 2, kind: 'one_time_payment', effectiveDate: d('2027-10-10'), amountCents: 40_000 },
      { id: 3, kind: 'reversal', effectiveDate: d('2027-11-03'), amountCents: 40_000, reversesEntryId: 2 },
      { id: 4, kind: 'late_fee', effectiveDate: d('2027-11-20'), amountCents: 1_500, installmentN: 1 },
      { id: 5, kind: 'late_fee', effectiveDate: d('2027-11-21'), amountCents: 700, installmentN: 2 },
      { id: 6, kind: 'waiver', effectiveDate: d('2027-11-25'), amountCents: 700, reversesEntryId: 5 },
    ];
    const s = statementFigures(flat, entries, monthPeriod(2027, 11));
    expect(s.lines.map((l) => [l.kind, l.effectCents])).toEqual([
      ['payment_returned', 40_000],
      ['fee', 1_500],
      ['fee', 700],
      ['fee_waived', -700],
    ]);
    expect(s.openingBalanceCents).toBe(80_000);
    expect(s.closingBalanceCents).toBe(121_500);
    expect(s.paidInPeriod.principalCents).toBe(-40_000);
    expect(s.feesChargedCents).toBe(1_500);
    expect(s.pastDueCents).toBe(81_500);
    expect(s.daysPastDue).toBe(51); // from 10/10 to 11/30
    expect(s.nextPayment).toEqual({ dueDate: '2027-12-10', amountCents: 121_500 });
    expect(s.otherAdjustmentsCents).toBe(0);
  });

  it('money beyond the payoff is a credit (negative balance) until refunded; the loan is closed', () => {
    const entries: LedgerEntry[] = [
      disbursement,
      { id: 2, kind: 'payroll_remittance', effectiveDate: d('2027-10-05'), amountCents: 125_000 },
      { id: 3, kind: 'refund', effectiveDate: d('2027-10-08'), amountCents: 5_000 },
    ];
    const s = statementFigures(flat, entries, monthPeriod(2027, 10));
    expect(totalsAsOf(flat, entries, d('2027-10-06')).balanceCents).toBe(-5_000);
    expect(s.closingBalanceCents).toBe(0);
    expect(s.closed).toBe(true);
    expect(s.nextPayment).toBeNull();
    expect(s.lines.map((l) => l.effectCents)).toEqual([-125_000, 5_000]);
  });

  it('a refund whose ACH credit came back is listed and the credit is back (negative balance)', () => {
    const entries: LedgerEntry[] = [
      disbursement,
      { id: 2, kind: 'payroll_remittance', effectiveDate: d('2027-10-05'), amountCents: 125_000 },
      { id: 3, kind: 'refund', effectiveDate: d('2027-10-08'), amountCents: 5_000 },
      { id: 4, kind: 'reversal', effectiveDate: d('2027-10-12'), amountCents: 5_000, reversesEntryId: 3, reasonCode: 'R03' },
    ];
    const s = statementFigures(flat, entries, monthPeriod(2027, 10));
    expect(s.lines.map((l) => [l.kind, l.effectCents])).toEqual([
      ['payment', -125_000],
      ['refund', 5_000],
      ['refund', -5_000],
    ]);
    expect(s.lines[2]!.description).toBe('Refund of 2027-10-08 returned by your bank: the credit is back on your loan');
    expect(s.closingBalanceCents).toBe(-5_000);
    expect(s.otherAdjustmentsCents).toBe(0);
    expect(totalsAsOf(flat, entries, d('2027-10-12')).refundedCents).toBe(0);
    expect(totalsAsOf(flat, entries, d('2027-10-11')).refundedCents).toBe(5_000);
  });

  it('a returned disbursement cancels the loan: nothing owed from its date', () => {
    const entries: LedgerEntry[] = [disbursement, { id: 2, kind: 'reversal', effectiveDate: d('2027-09-14'), amountCents: 120_000, reversesEntryId: 1 }];
    const s = statementFigures(flat, entries, monthPeriod(2027, 9));
    expect(s.lines.map((l) => l.kind)).toEqual(['disbursement', 'loan_canceled']);
    expect(s.closingBalanceCents).toBe(0);
    expect(s.otherAdjustmentsCents).toBe(0);
  });

  it('a ledger kind it does not know is listed by name and reconciled as an adjustment', () => {
    const entries = [disbursement, { id: 2, kind: 'interest_adjustment', effectiveDate: d('2027-10-02'), amountCents: 1_000 } as unknown as LedgerEntry];
    const lines = activityLines(flat, entries, monthPeriod(2027, 10));
    expect(lines).toEqual([expect.objectContaining({ kind: 'other', ledgerKind: 'interest_adjustment', description: 'Interest adjustment', effectCents: 0 })]);
  });

  it('a charge-off keeps the debt owed (recoverable); a recovery lowers it', () => {
    const entries: LedgerEntry[] = [
      disbursement,
      { id: 2, kind: 'charge_off', effectiveDate: d('2028-03-09'), amountCents: 120_000, reasonCode: 'principal' },
      { id: 3, kind: 'recovery', effectiveDate: d('2028-04-15'), amountCents: 20_000 },
    ];
    const march = statementFigures(flat, entries, monthPeriod(2028, 3));
    expect(march.lines).toEqual([
      expect.objectContaining({ kind: 'charged_off', description: 'Charged off: principal (still owed)', amountCents: 120_000, effectCents: 0 }),
    ]);
    expect(march.closingBalanceCents).toBe(120_000);
    expect(march.chargedOff).toEqual({ date: '2028-03-09', chargedOffCents: 120_000, recoverableCents: 120_000 });
    expect(march.nextPayment).toEqual({ dueDate: null, amountCents: 120_000 });
    const april = statementFigures(flat, entries, monthPeriod(2028, 4));
    expect(april.lines.map((l) => [l.kind, l.effectCents])).toEqual([['payment', -20_000]]);
    expect(april.closingBalanceCents).toBe(100_000);
    expect(april.interestChargedCents).toBe(0);
    expect(april.otherAdjustmentsCents).toBe(0);
  });

  it('interest charged over the months of a loan paid on schedule is the schedule’s interest', () => {
    const terms: LoanTerms = { ...FLAT, annualRatePercent: '24.99', numberOfPayments: 4 };
    const s = buildSchedule(terms);
    const entries: LedgerEntry[] = [
      disbursement,
      ...s.rows.map((r, k): LedgerEntry => ({ id: k + 2, kind: 'scheduled_debit', effectiveDate: r.dueDate, amountCents: r.paymentCents })),
    ];
    const months = [monthPeriod(2027, 9), monthPeriod(2027, 10), monthPeriod(2027, 11), monthPeriod(2027, 12), monthPeriod(2028, 1)];
    const figures = months.map((m) => statementFigures(s, entries, m));
    expect(figures.reduce((t, f) => t + f.interestChargedCents, 0)).toBe(s.totalInterestCents);
    expect(figures.reduce((t, f) => t + f.paidInPeriod.interestCents, 0)).toBe(s.totalInterestCents);
    expect(figures.at(-1)!.closingBalanceCents).toBe(0);
    const y2027 = yearEndFigures(s, entries, 2027);
    expect(y2027.paid.interestCents).toBe(figures.slice(0, 4).reduce((t, f) => t + f.paidInPeriod.interestCents, 0));
    expect(y2027.closingBalanceCents).toBe(figures[3]!.closingBalanceCents);
  });
});

describe('statementDue', () => {
  it('a loan funded by the period end that owed something or moved in it', () => {
    const paid: LedgerEntry[] = [disbursement, { id: 2, kind: 'payoff', effectiveDate: d('2027-10-05'), amountCents: 120_000 }];
    expect(statementDue(flat, [disbursement], monthPeriod(2027, 8))).toBe(false);
    expect(statementDue(flat, [disbursement], monthPeriod(2027, 9))).toBe(true);
    expect(statementDue(flat, paid, monthPeriod(2027, 10))).toBe(true); // paid off in October: a final statement
    expect(statementDue(flat, paid, monthPeriod(2027, 11))).toBe(false);
    expect(statementDue(flat, [disbursement], monthPeriod(2027, 11))).toBe(true);
  });
});
