import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, clampedDate, diffDays, isLastDayOfMonth, parseIsoDate, toParts } from '../dates';
import type { IsoDate } from '../dates';
import { cents } from '../money';
import { positionAsOf } from './ledger';
import type { LedgerEntry } from './ledger';
import { PAYMENT_PLAN_MSG, PAYMENT_PLAN_POLICY, quotePaymentPlan, withPaymentPlan, withPaymentPlans, withPlanWaivers } from './payment-plan';
import type { PaymentPlanBasis, PaymentPlanQuote } from './payment-plan';
import { buildSchedule } from './schedule';
import type { LoanSchedule } from './schedule';
import { withRevisedDueDates } from './schedule-revision';

const d = (s: string) => parseIsoDate(s);
const schedule = buildSchedule({
  amountCents: cents(300_000),
  originationFeeCents: cents(0),
  feeFinanced: false,
  annualRatePercent: '24.99',
  frequency: 'monthly',
  numberOfPayments: 12,
  disbursementDate: d('2029-01-02'),
  firstPaymentDate: d('2029-02-02'),
});
const pay = schedule.regularPaymentCents;
// Paid the first two installments, then stopped; a late fee on installment 3.
const entries: LedgerEntry[] = [
  { id: 1, kind: 'disbursement', effectiveDate: d('2029-01-02'), amountCents: 300_000 },
  { id: 2, kind: 'scheduled_debit', effectiveDate: d('2029-02-02'), amountCents: pay },
  { id: 3, kind: 'scheduled_debit', effectiveDate: d('2029-03-02'), amountCents: pay },
  { id: 4, kind: 'late_fee', effectiveDate: d('2029-04-17'), amountCents: 1500, installmentN: 3 },
];
const today = d('2029-05-10');
const basis: PaymentPlanBasis = { schedule, entries, effectiveDate: today, proposedOn: today, status: 'opened', paymentsOnTheirWay: 0 };

function quote(b: PaymentPlanBasis, t: Parameters<typeof quotePaymentPlan>[1]): PaymentPlanQuote {
  const r = quotePaymentPlan(b, t);
  if (!r.ok) throw new Error(r.message);
  return r.quote;
}

/** The loan after the plan is applied: the schedule of record, the waivers written on the effective day. */
function applied(b: PaymentPlanBasis, q: PaymentPlanQuote): { schedule: LoanSchedule; entries: LedgerEntry[] } {
  return { schedule: withPaymentPlan(b.schedule, q.stored), entries: withPlanWaivers(b.entries, q.effectiveDate) };
}

describe('quotePaymentPlan', () => {
  it('re-amortises the principal owed at a lower rate; interest owed is spread without interest; late fees are waived', () => {
    const before = positionAsOf(schedule, entries, today);
    expect(before.daysPastDue).toBeGreaterThan(30);
    const q = quote(basis, { kind: 're_amortize', installments: 18, annualRatePercent: '9.99', firstDueDate: d('2029-06-01') });
    expect(q.rows).toHaveLength(18);
    expect(q.rows[0]!.n).toBe(5); // installment 5 was in progress on 2029-05-10
    expect(q.rows.map((r) => r.dueDate).slice(0, 3)).toEqual(['2029-06-01', '2029-07-01', '2029-08-01']);
    expect(q.principalCents).toBe(before.principalCents);
    expect(q.rows.reduce((t, r) => t + r.principalCents, 0)).toBe(before.principalCents);
    expect(q.feesWaivedCents).toBe(1500);
    expect(q.waivedFeeEntryIds).toEqual([4]);
    // Interest owed: the payoff less the principal and the waived fee.
    expect(q.arrearsCents).toBe(before.outstandingCents - before.principalCents - 1500);
    expect(q.rows.reduce((t, r) => t + r.arrearsCents, 0)).toBe(q.arrearsCents);
    const { amountFinancedCents: af, financeChargeCents: fc_, totalOfPaymentsCents: top } = q.disclosure;
    expect(af).toBe(q.principalCents + q.arrearsCents);
    expect(top).toBe(af + fc_);
    expect(Number(q.disclosure.aprPercent)).toBeLessThanOrEqual(9.99 + 0.125);
    expect(q.rows.at(-1)!.balanceCents).toBe(0);
    expect(q.before.paymentPerTermCents).toBe(pay);
  });

  it('spreads the past-due amount over the installments still to come at the rate in force', () => {
    const q = quote(basis, { kind: 'spread_past_due' });
    // Installments 5..12 in force; 2029-06-02 onwards are at least 7 days after the proposal.
    expect(q.rows.map((r) => r.dueDate)).toEqual(schedule.dueDates.slice(4).filter((x) => x >= addDays(today, 7)));
    expect(q.annualRatePercent).toBe('24.99');
    expect(q.rows[0]!.paymentCents).toBeGreaterThan(pay);
  });

  it('applied: the loan is current on the effective day, owes the same, and on-time installments close it on the last date', () => {
    const q = quote(basis, { kind: 're_amortize', installments: 6, firstDueDate: d('2029-06-05') });
    const a = applied(basis, q);
    const on = positionAsOf(a.schedule, a.entries, today);
    expect(on.daysPastDue).toBe(0);
    expect(on.outstandingCents).toBe(q.disclosure.amountFinancedCents);
    expect(on.nextDueDate).toBe('2029-06-05');
    // History before the effective day is untouched.
    const dayBefore = addDays(today, -1);
    expect(positionAsOf(a.schedule, a.entries, dayBefore).daysPastDue).toBe(positionAsOf(schedule, entries, dayBefore).daysPastDue);
    let e = a.entries;
    let id = 100;
    for (const r of q.rows) {
      const p = positionAsOf(a.schedule, e, r.dueDate);
      expect(p.daysPastDue).toBe(0);
      e = [...e, { id: ++id, kind: 'scheduled_debit', effectiveDate: r.dueDate, amountCents: r.paymentCents }];
      const after = positionAsOf(a.schedule, e, r.dueDate);
      expect(after.daysPastDue).toBe(0);
      expect(after.unappliedCents).toBe(0);
    }
    const end = positionAsOf(a.schedule, e, q.rows.at(-1)!.dueDate);
    expect(end.closed).toBe(true);
    expect(end.outstandingCents).toBe(0);
  });

  it('a missed plan installment is past due by its own amount', () => {
    const q = quote(basis, { kind: 're_amortize', installments: 6, firstDueDate: d('2029-06-05') });
    const a = applied(basis, q);
    const p = positionAsOf(a.schedule, a.entries, d('2029-06-20'));
    expect(p.daysPastDue).toBe(15);
    const due = p.ledger.pastDue.reduce((t, i) => t + i.feeCents + i.interestCents + i.principalCents, 0);
    expect(due).toBe(q.rows[0]!.paymentCents);
  });

  it('refusals', () => {
    expect(quotePaymentPlan({ ...basis, status: 'closed_paid' }, { kind: 'spread_past_due' })).toMatchObject({
      ok: false,
      message: PAYMENT_PLAN_MSG.notActive,
    });
    expect(quotePaymentPlan({ ...basis, paymentsOnTheirWay: 1 }, { kind: 'spread_past_due' })).toMatchObject({ ok: false, message: PAYMENT_PLAN_MSG.onItsWay });
    const paidToday: LedgerEntry[] = [...entries, { id: 9, kind: 'one_time_payment', effectiveDate: today, amountCents: 1000 }];
    expect(quotePaymentPlan({ ...basis, entries: paidToday }, { kind: 'spread_past_due' })).toMatchObject({ ok: false, message: PAYMENT_PLAN_MSG.postedToday });
    const t = { kind: 're_amortize' as const, installments: 6, firstDueDate: d('2029-06-05') };
    expect(quotePaymentPlan(basis, { ...t, installments: 0 })).toMatchObject({ ok: false, field: 'installments' });
    expect(quotePaymentPlan(basis, { ...t, installments: PAYMENT_PLAN_POLICY.maxInstallments + 1 })).toMatchObject({ ok: false, field: 'installments' });
    expect(quotePaymentPlan(basis, { ...t, installments: 2.5 })).toMatchObject({ ok: false, field: 'installments' });
    expect(quotePaymentPlan(basis, { ...t, firstDueDate: addDays(today, 6) })).toMatchObject({ ok: false, field: 'first_due_date' });
    expect(quotePaymentPlan(basis, { ...t, firstDueDate: addDays(today, 46) })).toMatchObject({ ok: false, field: 'first_due_date' });
    expect(quotePaymentPlan(basis, { ...t, annualRatePercent: '25' })).toMatchObject({ ok: false, field: 'annual_rate_percent' });
    expect(quotePaymentPlan(basis, { ...t, annualRatePercent: 'abc' })).toMatchObject({ ok: false, field: 'annual_rate_percent' });
    // Past the maturity nothing is left to spread over.
    const late = { ...basis, effectiveDate: d('2030-03-01'), proposedOn: d('2030-03-01') };
    expect(quotePaymentPlan(late, { kind: 'spread_past_due' })).toMatchObject({ ok: false, field: 'kind', message: PAYMENT_PLAN_MSG.noneLeft });
    expect(quotePaymentPlan(late, { ...t, firstDueDate: d('2030-03-15') }).ok).toBe(true);
  });

  it('a plan after a matured loan, and a second plan on top of the first, follow the same rules', () => {
    const late = { ...basis, effectiveDate: d('2030-03-01'), proposedOn: d('2030-03-01') };
    const q1 = quote(late, { kind: 're_amortize', installments: 4, firstDueDate: d('2030-03-15') });
    expect(q1.rows[0]!.n).toBe(13);
    const a1 = applied(late, q1);
    expect(positionAsOf(a1.schedule, a1.entries, late.effectiveDate).daysPastDue).toBe(0);
    // Nothing paid on the plan: a second plan two months later.
    const second: PaymentPlanBasis = { ...late, schedule: a1.schedule, entries: a1.entries, effectiveDate: d('2030-05-01'), proposedOn: d('2030-05-01') };
    const q2 = quote(second, { kind: 're_amortize', installments: 10, firstDueDate: d('2030-05-20') });
    const stored = withPaymentPlans(schedule, [q1.stored, q2.stored]);
    const p = positionAsOf(stored, withPlanWaivers(a1.entries, second.effectiveDate), second.effectiveDate);
    expect(p.daysPastDue).toBe(0);
    expect(p.outstandingCents).toBe(q2.disclosure.amountFinancedCents);
    expect(q2.principalCents).toBe(positionAsOf(a1.schedule, a1.entries, second.effectiveDate).principalCents);
  });

  it('a current loan in its first period (hardship): the plan takes over from installment 1, history intact', () => {
    const on = d('2029-01-20');
    const b: PaymentPlanBasis = { ...basis, entries: entries.slice(0, 1), effectiveDate: on, proposedOn: on };
    const q = quote(b, { kind: 're_amortize', installments: 24, firstDueDate: d('2029-02-15') });
    expect(q.rows[0]!.n).toBe(1);
    expect(q.principalCents).toBe(300_000);
    const a = applied(b, q);
    expect(positionAsOf(a.schedule, a.entries, d('2029-01-19')).outstandingCents).toBe(
      positionAsOf(schedule, entries.slice(0, 1), d('2029-01-19')).outstandingCents,
    );
    const p = positionAsOf(a.schedule, a.entries, on);
    expect(p.outstandingCents).toBe(q.disclosure.amountFinancedCents);
    expect(p.nextDueDate).toBe('2029-02-15');
    expect(positionAsOf(a.schedule, a.entries, d('2029-02-16')).daysPastDue).toBe(1);
  });

  it('keeps revised due dates of the installments before the plan', () => {
    const revised = withRevisedDueDates(
      schedule,
      schedule.dueDates.map((x, i) => (i < 2 ? x : addDays(x, 3))),
    );
    const q = quote({ ...basis, schedule: revised }, { kind: 're_amortize', installments: 6, firstDueDate: d('2029-06-05') });
    const s = withPaymentPlan(revised, q.stored);
    expect(s.dueDates.slice(0, 4)).toEqual(revised.dueDates.slice(0, 4));
  });
});

/**
 * Appendix J's discount of a payment on `date` for an advance on `start` (written here independently of
 * apr.ts): whole unit periods counted back from the payment, the rest a fraction with simple interest.
 */
function appendixJDiscount(frequency: 'monthly' | 'weekly' | 'biweekly', start: IsoDate, date: IsoDate, aprPct: number, seriesDay: number): number {
  const perYear = frequency === 'monthly' ? 12 : frequency === 'weekly' ? 52 : 26;
  const i = aprPct / 100 / perYear;
  let t = 0;
  let f: number;
  if (frequency === 'monthly') {
    // Full months counted back from the payment's date; a month-end series is counted end to end (Appendix J
    // (b)(3)(iv)): from a month's last day, back on the series' day (the 31st of 5-31, 6-30 is the 31st), clamped.
    const p = toParts(date);
    const day = isLastDayOfMonth(date) ? Math.max(seriesDay, p.day) : p.day;
    while (clampedDate(p.year, p.month - (t + 1), day) >= start) t++;
    f = diffDays(start, clampedDate(p.year, p.month - t, day)) / 30;
  } else {
    const unit = frequency === 'weekly' ? 7 : 14;
    const days = diffDays(start, date);
    t = Math.floor(days / unit);
    f = (days % unit) / unit;
  }
  return (1 + f * i) * (1 + i) ** t;
}

describe('property: a plan re-amortises exactly what is owed', () => {
  it('principal = principal owed, payments = total of payments = amount financed + finance charge, whole non-negative cents, APR within tolerance, the engine agrees', () => {
    fc.assert(
      fc.property(
        fc.record({
          amount: fc.integer({ min: 50_000, max: 2_000_000 }),
          rate: fc.constantFrom('0', '5.5', '12.99', '24.99', '35.99'),
          frequency: fc.constantFrom('monthly' as const, 'biweekly' as const, 'weekly' as const, 'semimonthly' as const),
          count: fc.integer({ min: 3, max: 36 }),
          paid: fc.integer({ min: 0, max: 3 }),
          partial: fc.integer({ min: 0, max: 20_000 }),
          lateDays: fc.integer({ min: 1, max: 100 }),
          kind: fc.constantFrom('spread_past_due' as const, 're_amortize' as const),
          installments: fc.integer({ min: 1, max: 60 }),
          firstIn: fc.integer({ min: 7, max: 45 }),
          lower: fc.boolean(),
        }),
        (x) => {
          const s = buildSchedule({
            amountCents: cents(x.amount),
            originationFeeCents: cents(0),
            feeFinanced: false,
            annualRatePercent: x.rate,
            frequency: x.frequency,
            numberOfPayments: x.count,
            disbursementDate: d('2030-01-03'),
            firstPaymentDate: d('2030-02-03'),
          });
          const es: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: s.terms.disbursementDate, amountCents: x.amount }];
          let id = 1;
          const paid = Math.min(x.paid, s.rows.length - 1);
          for (const r of s.rows.slice(0, paid)) es.push({ id: ++id, kind: 'scheduled_debit', effectiveDate: r.dueDate, amountCents: r.paymentCents });
          const missed = s.rows[paid]!;
          if (x.partial > 0)
            es.push({
              id: ++id,
              kind: 'one_time_payment',
              effectiveDate: addDays(missed.dueDate, 1),
              amountCents: Math.min(x.partial, missed.paymentCents - 1),
            });
          es.push({ id: ++id, kind: 'late_fee', effectiveDate: addDays(missed.dueDate, 15), amountCents: 1500, installmentN: missed.n });
          const on: IsoDate = addDays(missed.dueDate, x.lateDays + 16);
          const b: PaymentPlanBasis = { schedule: s, entries: es, effectiveDate: on, proposedOn: on, status: 'opened', paymentsOnTheirWay: 0 };
          const r = quotePaymentPlan(b, {
            kind: x.kind,
            installments: x.installments,
            firstDueDate: addDays(on, x.firstIn),
            annualRatePercent: x.lower ? '4.25' : undefined,
          });
          if (!r.ok) {
            expect(['kind', 'installments', 'annual_rate_percent']).toContain(r.field);
            return;
          }
          const q = r.quote;
          const before = positionAsOf(s, es, on);
          expect(q.principalCents).toBe(before.principalCents);
          expect(q.rows.reduce((t, row) => t + row.principalCents, 0)).toBe(before.principalCents);
          expect(q.rows.reduce((t, row) => t + row.paymentCents, 0)).toBe(q.disclosure.totalOfPaymentsCents);
          expect(q.disclosure.totalOfPaymentsCents).toBe(q.disclosure.amountFinancedCents + q.disclosure.financeChargeCents);
          expect(q.principalCents + q.arrearsCents + q.feesWaivedCents).toBe(before.outstandingCents);
          for (const row of q.rows) {
            for (const v of [row.paymentCents, row.principalCents, row.interestCents, row.arrearsCents, row.balanceCents]) {
              expect(Number.isSafeInteger(v)).toBe(true);
              expect(v).toBeGreaterThanOrEqual(0);
            }
          }
          const apr = Number(q.disclosure.aprPercent);
          expect(apr).toBeGreaterThanOrEqual(0);
          // The APR disclosed is the rate of the rows' payments against the amount financed (an independent
          // day-count present value brackets the amount financed within 1/8 point — Regulation Z's tolerance).
          if (q.disclosure.financeChargeCents > 0 && x.frequency !== 'semimonthly') {
            const seriesDay = Math.max(...q.rows.map((row) => toParts(row.dueDate).day));
            const pv = (aprPct: number) =>
              q.rows.reduce(
                (t, row) => t + row.paymentCents / appendixJDiscount(x.frequency as 'monthly' | 'weekly' | 'biweekly', on, row.dueDate, aprPct, seriesDay),
                0,
              );
            expect(pv(apr + 0.125)).toBeLessThanOrEqual(q.disclosure.amountFinancedCents + 1);
            expect(pv(Math.max(0, apr - 0.125))).toBeGreaterThanOrEqual(q.disclosure.amountFinancedCents - 1);
          }
          // The engine services the applied plan to the cent: current on the effective day, closed by its last installment.
          const a = applied(b, q);
          const start = positionAsOf(a.schedule, a.entries, on);
          expect(start.daysPastDue).toBe(0);
          expect(start.outstandingCents).toBe(q.disclosure.amountFinancedCents);
          let e = a.entries;
          for (const row of q.rows) {
            e = [...e, { id: ++id + 1000, kind: 'scheduled_debit', effectiveDate: row.dueDate, amountCents: row.paymentCents }];
            expect(positionAsOf(a.schedule, e, row.dueDate).daysPastDue).toBe(0);
          }
          const end = positionAsOf(a.schedule, e, q.rows.at(-1)!.dueDate);
          expect(end.closed).toBe(true);
          expect(end.unappliedCents).toBe(0);
        },
      ),
      {
        numRuns: 60,
        // Found by a CI run: a plan whose dates are a month-end series (5-31, 6-30), counted end to end by Appendix J.
        examples: [
          [
            {
              amount: 50000,
              rate: '24.99',
              frequency: 'monthly',
              count: 3,
              paid: 1,
              partial: 0,
              lateDays: 66,
              kind: 're_amortize',
              installments: 2,
              firstIn: 7,
              lower: false,
            },
          ],
        ],
      },
    );
  }, 60_000);
});
