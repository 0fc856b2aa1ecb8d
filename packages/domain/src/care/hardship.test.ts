import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, diffDays, fromEpochDay, parseIsoDate, toEpochDay } from '../dates';
import type { IsoDate } from '../dates';
import { dueDates } from '../loan/due-dates';
import { FREQUENCIES } from '../loan/frequency';
import type { Frequency } from '../loan/frequency';
import { buildSchedule } from '../loan/schedule';
import { checkRevisedDueDates } from '../loan/schedule-revision';
import { cents } from '../money';
import { HARDSHIP_MSG, approvalEligibility, deferralPlan, firstDeferrable, hardshipEligibility, hardshipMove } from './hardship';
import type { DeferralInstallment } from './hardship';

const D = parseIsoDate;

function scheduleOf(o: { frequency?: Frequency; payments?: number; firstPayment?: IsoDate } = {}) {
  return buildSchedule({
    amountCents: cents(250_000),
    originationFeeCents: cents(5_000),
    feeFinanced: false,
    annualRatePercent: '24.99',
    frequency: o.frequency ?? 'monthly',
    numberOfPayments: o.payments ?? 6,
    disbursementDate: D('2029-01-02'),
    firstPaymentDate: o.firstPayment ?? D('2029-02-02'),
  });
}
const rowsOf = (s: ReturnType<typeof scheduleOf>): DeferralInstallment[] => s.rows.map((r) => ({ n: r.n, dueDate: r.dueDate, paymentCents: r.paymentCents }));

describe('hardship deferral plan (golden)', () => {
  it('defers two monthly payments from the first unpaid one: each takes the date two rows later, the last two extend the month', () => {
    const s = scheduleOf();
    const out = deferralPlan({ frequency: 'monthly', installments: rowsOf(s), paidThroughN: 1, inFlightN: [], k: 2 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.deferral.installments.map((r) => r.dueDate)).toEqual(['2029-02-02', '2029-05-02', '2029-06-02', '2029-07-02', '2029-08-02', '2029-09-02']);
    expect(out.deferral).toMatchObject({
      firstMovedN: 2,
      moved: [2, 3, 4, 5, 6],
      maturityBefore: '2029-07-02',
      maturityAfter: '2029-09-02',
      totalOfPaymentsCents: s.totalOfPaymentsCents,
    });
  });

  it('never moves an installment whose debit is on its way, nor any before it', () => {
    const s = scheduleOf();
    const out = deferralPlan({ frequency: 'monthly', installments: rowsOf(s), paidThroughN: 0, inFlightN: [1], k: 1 });
    expect(out.ok && out.deferral.firstMovedN).toBe(2);
    expect(firstDeferrable(rowsOf(s), 6, [])).toBeUndefined();
    expect(deferralPlan({ frequency: 'monthly', installments: rowsOf(s), paidThroughN: 6, inFlightN: [], k: 1 })).toEqual({
      ok: false,
      message: HARDSHIP_MSG.noneLeft,
    });
    expect(deferralPlan({ frequency: 'monthly', installments: rowsOf(s), paidThroughN: 0, inFlightN: [], k: 4 })).toEqual({
      ok: false,
      message: HARDSHIP_MSG.deferralRange,
    });
  });
});

describe('hardship deferral plan (properties)', () => {
  const arb = fc.record({
    frequency: fc.constantFrom(...FREQUENCIES),
    payments: fc.integer({ min: 1, max: 30 }),
    firstOffset: fc.integer({ min: 7, max: 60 }),
    paid: fc.integer({ min: 0, max: 30 }),
    inFlight: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    k: fc.integer({ min: 1, max: 3 }),
  });
  it('loses nothing: same count, numbers and amounts, total unchanged; paid rows untouched; dates strictly increasing; maturity k periods later', () => {
    fc.assert(
      fc.property(arb, (a) => {
        const s = scheduleOf({ frequency: a.frequency, payments: a.payments, firstPayment: fromEpochDay(toEpochDay(D('2029-01-02')) + a.firstOffset) });
        const rows = rowsOf(s);
        const paidThroughN = Math.min(a.paid, rows.length);
        const inFlightN = a.inFlight !== undefined && a.inFlight <= rows.length ? [a.inFlight] : [];
        const out = deferralPlan({ frequency: a.frequency, installments: rows, paidThroughN, inFlightN, k: a.k });
        const floor = Math.max(paidThroughN, ...inFlightN, 0);
        if (floor >= rows.length) {
          expect(out.ok).toBe(false);
          return;
        }
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        const after = out.deferral.installments;
        expect(after.map((r) => [r.n, r.paymentCents])).toEqual(rows.map((r) => [r.n, r.paymentCents]));
        expect(out.deferral.totalOfPaymentsCents).toBe(s.totalOfPaymentsCents);
        for (const r of rows) if (r.n <= floor) expect(after[r.n - 1]!.dueDate).toBe(r.dueDate);
        for (const r of rows) if (r.n > floor) expect(diffDays(r.dueDate, after[r.n - 1]!.dueDate)).toBeGreaterThan(0);
        for (let i = 1; i < after.length; i++) expect(after[i]!.dueDate > after[i - 1]!.dueDate).toBe(true);
        const last = rows[rows.length - 1]!.dueDate;
        expect(out.deferral.maturityAfter).toBe(dueDates(a.frequency, last, a.k + 1)[a.k]);
        // The revision the server applies accepts it.
        expect(() =>
          checkRevisedDueDates(
            s,
            after.map((r) => r.dueDate),
            out.deferral.firstMovedN,
          ),
        ).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('hardship eligibility and workflow', () => {
  const today = D('2029-06-01');
  it('an active loan (current or past due) only, one open request, one approval every 12 months', () => {
    expect(hardshipEligibility({ loanStatus: 'opened', hasOpenRequest: false, lastApprovedOn: null, today })).toEqual({ ok: true });
    for (const s of ['default', 'charge_off', 'closed_paid', 'pending'])
      expect(hardshipEligibility({ loanStatus: s, hasOpenRequest: false, lastApprovedOn: null, today })).toEqual({
        ok: false,
        message: HARDSHIP_MSG.notActive,
      });
    expect(hardshipEligibility({ loanStatus: 'opened', hasOpenRequest: true, lastApprovedOn: null, today })).toEqual({
      ok: false,
      message: HARDSHIP_MSG.openRequest,
    });
    expect(hardshipEligibility({ loanStatus: 'opened', hasOpenRequest: false, lastApprovedOn: D('2028-06-02'), today })).toEqual({
      ok: false,
      message: HARDSHIP_MSG.tooSoon,
      availableOn: '2029-06-02',
    });
    expect(hardshipEligibility({ loanStatus: 'opened', hasOpenRequest: false, lastApprovedOn: D('2028-06-01'), today })).toEqual({ ok: true });
    expect(approvalEligibility({ loanStatus: 'opened', lastApprovedOn: null, today: addDays(today, 1), deferPayments: 0 })).toEqual({
      ok: false,
      message: HARDSHIP_MSG.deferralRange,
    });
    expect(approvalEligibility({ loanStatus: 'opened', lastApprovedOn: null, today, deferPayments: 3 })).toEqual({ ok: true });
  });
  it('moves: staff ask once per answer, the borrower answers only when asked, decided requests stay decided', () => {
    expect(hardshipMove('submitted', 'ask_info')).toEqual({ ok: true, to: 'info_requested' });
    expect(hardshipMove('info_requested', 'answer')).toEqual({ ok: true, to: 'submitted' });
    expect(hardshipMove('submitted', 'answer')).toEqual({ ok: false, message: HARDSHIP_MSG.notAwaitingAnswer });
    expect(hardshipMove('info_requested', 'ask_info')).toEqual({ ok: false, message: HARDSHIP_MSG.notAwaitingDecision });
    expect(hardshipMove('info_requested', 'approve')).toEqual({ ok: true, to: 'approved' });
    expect(hardshipMove('submitted', 'decline')).toEqual({ ok: true, to: 'declined' });
    for (const m of ['approve', 'decline', 'ask_info', 'answer'] as const) {
      expect(hardshipMove('approved', m)).toEqual({ ok: false, message: HARDSHIP_MSG.notOpen });
      expect(hardshipMove('declined', m)).toEqual({ ok: false, message: HARDSHIP_MSG.notOpen });
    }
  });
});
