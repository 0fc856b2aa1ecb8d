/**
 * Refinance money, property-based (refinance.ts; docs/loan-engine.md "Refinance", docs/servicing.md): for
 * random old loans (random terms, random payments before the refinance), random candidate amounts and fee
 * rules, the quote and the funding keep these identities:
 * (1) whole cents, nothing negative: payoff, fee, new money of every option;
 * (2) amount = payoff of the old loan + fee not financed + new money, for every option, and the payoff is the
 *     old loan's payoff quote on the disbursement date (the same for every option);
 * (3) the options are exactly the candidate amounts (deduplicated, ascending) whose new money is > 0; the fee
 *     is the new loan's fee rule on the amount (0 when financed);
 * (4) funding an option pays that payoff and disburses exactly its new money, and that payoff, paid on the
 *     disbursement date, closes the old loan to the cent (principal 0, nothing unapplied);
 * (5) funding an amount that does not cover payoff + fee is refused, and bad figures (fractions, negatives)
 *     are refused rather than turned into money;
 * (6) eligibility: paid_enough holds exactly when the principal repaid ≥ ceil(note × share) (share in basis
 *     points, exact), boundary included; it is monotone in what was paid and antitone in the share; the verdict
 *     is "opened and every requirement".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import { cents } from '../money';
import { feeFor } from './fees';
import type { FeeRule } from './fees';
import { principalToRepayCents, refinanceEligibility, refinanceFunding, refinanceQuote } from './refinance';
import type { RefinanceFacts } from './refinance';
import { buildSchedule } from './schedule';
import type { LoanSchedule } from './schedule';
import { allocatePayment, payoff, replay } from './servicing';
import type { LoanEvent } from './servicing';
import { loanTermsArb } from './terms.arbitrary';

const oldLoanArb = loanTermsArb({
  frequencies: ['monthly', 'biweekly', 'semimonthly', 'weekly'],
  payments: { min: 3, max: 24 },
  from: '2024-01-01',
  days: 1000,
}).map((terms): LoanSchedule => buildSchedule(terms));

/** Payments before the refinance: on-time installments (a random number of them), a prepayment, a late fee. */
const historyArb = fc.record({
  installmentsPaid: fc.nat({ max: 30 }),
  extra: fc.option(fc.record({ afterDays: fc.integer({ min: 1, max: 200 }), cents: fc.integer({ min: 1, max: 200_000 }) }), { nil: undefined }),
  lateFee: fc.option(fc.integer({ min: 100, max: 3_000 }), { nil: undefined }),
  refiAfterDays: fc.integer({ min: 1, max: 400 }),
});

const feeRuleArb: fc.Arbitrary<FeeRule | undefined> = fc.option(
  fc.record(
    {
      flatCents: fc.integer({ min: 0, max: 10_000 }).map(cents),
      percentOfAmount: fc.integer({ min: 0, max: 1000 }).map((bp) => (bp / 100).toFixed(2)),
      maxCents: fc.integer({ min: 0, max: 50_000 }).map(cents),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

/** The old loan's servicing state on the refinance date, built from the history (payments never beyond the payoff). */
function oldLoanOn(s: LoanSchedule, h: History) {
  const refiDate = addDays(s.terms.disbursementDate, h.refiAfterDays);
  const events: LoanEvent[] = [];
  const paidRows = s.rows.slice(0, h.installmentsPaid).filter((r) => r.dueDate <= refiDate);
  for (const r of paidRows) events.push({ kind: 'payment', date: r.dueDate, amountCents: r.paymentCents });
  if (h.lateFee !== undefined && s.rows[0]!.dueDate <= refiDate) events.push({ kind: 'fee', date: s.rows[0]!.dueDate, amountCents: h.lateFee, installment: 1 });
  if (h.extra !== undefined) {
    const day = addDays(s.terms.disbursementDate, Math.min(h.extra.afterDays, h.refiAfterDays));
    events.push({ kind: 'payment', date: day, amountCents: h.extra.cents });
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // Drop payments that would overpay the loan (the loan book never takes beyond what is owed).
  let ledger = replay(s, []).ledger;
  const kept: LoanEvent[] = [];
  for (const e of events) {
    if (e.kind === 'payment' && e.amountCents >= payoff(ledger, e.date).payoffCents) continue;
    try {
      ledger = replay(s, [...kept, e]).ledger;
    } catch {
      continue; // a late fee on an installment already paid: not a fee the book could assess
    }
    kept.push(e);
  }
  return { ledger: replay(s, kept).ledger, refiDate };
}

describe('refinance quote and funding (properties)', () => {
  it('whole cents, nothing negative, amount = payoff + fee not financed + new money; the options are exactly the covering amounts', () => {
    fc.assert(
      fc.property(
        oldLoanArb,
        historyArb,
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 0, maxLength: 12 }),
        feeRuleArb,
        fc.boolean(),
        (s, h, amounts, fee, feeFinanced) => {
          const { ledger, refiDate } = oldLoanOn(s, h);
          const q = refinanceQuote({ oldLoan: ledger, disbursementDate: refiDate, amountOptionsCents: amounts.map(cents), fee, feeFinanced });
          const p = payoff(ledger, refiDate);
          expect(q.payoff).toEqual(p);
          expect(Number.isSafeInteger(p.payoffCents) && p.payoffCents >= 0).toBe(true);
          const expected = [...new Set(amounts)].sort((a, b) => a - b).filter((a) => a - p.payoffCents - (feeFinanced ? 0 : feeFor(fee, cents(a))) > 0);
          expect(q.options.map((o) => o.amountCents)).toEqual(expected);
          // The boundary: an amount of exactly payoff + fee leaves no new money and is not offered; one cent more is.
          const fee1 = (a: number) => (feeFinanced ? 0 : feeFor(fee, cents(a)));
          const edge = [p.payoffCents - 1, p.payoffCents, p.payoffCents + 1].map((a) => a + fee1(a)).filter((a) => a > 0);
          const atEdge = refinanceQuote({ oldLoan: ledger, disbursementDate: refiDate, amountOptionsCents: edge.map(cents), fee, feeFinanced });
          expect(atEdge.options.map((o) => o.amountCents)).toEqual(edge.filter((a) => a - p.payoffCents - fee1(a) > 0));
          expect(atEdge.options.every((o) => o.amountCents - o.feeNotFinancedCents > p.payoffCents)).toBe(true);
          for (const o of q.options) {
            for (const v of [o.amountCents, o.payoffCents, o.feeNotFinancedCents, o.newMoneyCents]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
            expect(o.newMoneyCents).toBeGreaterThan(0);
            expect(o.payoffCents).toBe(p.payoffCents);
            expect(o.feeNotFinancedCents).toBe(feeFinanced ? 0 : feeFor(fee, o.amountCents));
            expect(o.payoffCents + o.feeNotFinancedCents + o.newMoneyCents).toBe(o.amountCents);
            // Funding the option: the same payoff, exactly the quoted new money.
            expect(refinanceFunding({ amountCents: o.amountCents, payoffCents: o.payoffCents, feeNotFinancedCents: o.feeNotFinancedCents })).toEqual({
              payoffCents: o.payoffCents,
              netDisbursedCents: o.newMoneyCents,
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the quoted payoff, paid on the disbursement date, closes the old loan to the cent', () => {
    fc.assert(
      fc.property(oldLoanArb, historyArb, (s, h) => {
        const { ledger, refiDate } = oldLoanOn(s, h);
        const p = refinanceQuote({ oldLoan: ledger, disbursementDate: refiDate, amountOptionsCents: [], feeFinanced: true }).payoff;
        if (p.payoffCents === 0) return; // nothing owed: nothing to refinance
        const { ledger: closed, allocation } = allocatePayment(ledger, refiDate, p.payoffCents);
        expect(allocation.unappliedCents).toBe(0);
        expect(closed.principalCents).toBe(0);
        expect(payoff(closed, refiDate).payoffCents).toBe(0);
        expect(allocation.feesCents + allocation.interestCents + allocation.principalCents + allocation.prepaidPrincipalCents).toBe(p.payoffCents);
        // One cent less leaves exactly one cent owed.
        if (p.payoffCents > 1) expect(payoff(allocatePayment(ledger, refiDate, p.payoffCents - 1).ledger, refiDate).payoffCents).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('funding: net = amount − payoff − fee when positive, refused otherwise; never a fraction or a negative figure', () => {
    const c = fc.integer({ min: 0, max: 2_000_000 });
    fc.assert(
      fc.property(c, c, c, (amountCents, payoffCents, feeNotFinancedCents) => {
        const net = amountCents - payoffCents - feeNotFinancedCents;
        if (net > 0) {
          const f = refinanceFunding({ amountCents, payoffCents, feeNotFinancedCents });
          expect(f).toEqual({ payoffCents, netDisbursedCents: net });
          expect(f.payoffCents + feeNotFinancedCents + f.netDisbursedCents).toBe(amountCents);
        } else expect(() => refinanceFunding({ amountCents, payoffCents, feeNotFinancedCents })).toThrow(RangeError);
      }),
      { numRuns: 500 },
    );
    // Exactly covering the payoff and the fee leaves nothing to disburse: refused.
    expect(() => refinanceFunding({ amountCents: 100_000, payoffCents: 95_000, feeNotFinancedCents: 5_000 })).toThrow(RangeError);
    expect(refinanceFunding({ amountCents: 100_001, payoffCents: 95_000, feeNotFinancedCents: 5_000 }).netDisbursedCents).toBe(1);
    fc.assert(
      fc.property(
        fc.record({
          amountCents: fc.integer({ min: 1, max: 2_000_000 }),
          payoffCents: fc.integer({ min: 0, max: 1_000_000 }),
          feeNotFinancedCents: fc.integer({ min: 0, max: 1_000 }),
        }),
        fc.constantFrom('amountCents' as const, 'payoffCents' as const, 'feeNotFinancedCents' as const),
        fc.constantFrom(-1, -0.5, 0.5, Number.NaN),
        (input, key, bad) => {
          const value = bad === -1 ? -(input[key] + 1) : bad === -0.5 ? -0.5 : Number.isNaN(bad) ? bad : input[key] + 0.5;
          expect(() => refinanceFunding({ ...input, [key]: value })).toThrow(RangeError);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const factsArb: fc.Arbitrary<RefinanceFacts> = fc
  .record({
    note: fc.integer({ min: 1, max: 5_000_000 }),
    paidFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    shareBp: fc.integer({ min: 0, max: 10_000 }),
    daysPastDue: fc.nat({ max: 3 }),
    hasPendingTransactions: fc.boolean(),
    otherApplicationInProgress: fc.boolean(),
    loanStatus: fc.constantFrom('opened', 'opened', 'opened', 'pending', 'closed_paid', 'closed_refinanced', 'default', 'charge_off'),
  })
  .map((r) => ({
    loanStatus: r.loanStatus,
    notePrincipalCents: r.note,
    principalCents: r.note - Math.floor(r.note * r.paidFraction),
    daysPastDue: r.daysPastDue,
    hasPendingTransactions: r.hasPendingTransactions,
    otherApplicationInProgress: r.otherApplicationInProgress,
    minPaidShare: r.shareBp / 10_000,
  }));

describe('refinance eligibility (properties)', () => {
  it('principal to repay = ceil(note × share in basis points), exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 10_000 }), (note, bp) => {
        const r = principalToRepayCents(note, bp / 10_000);
        const exact = (BigInt(note) * BigInt(bp) + 9_999n) / 10_000n; // ceil, in integers
        expect(r).toBe(Number(exact));
        expect(r >= 0 && r <= note).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('paid_enough exactly at the boundary; monotone in what was paid, antitone in the share; eligible = opened and every requirement', () => {
    fc.assert(
      fc.property(factsArb, fc.nat({ max: 100_000 }), (f, more) => {
        const r = refinanceEligibility(f);
        const need = principalToRepayCents(f.notePrincipalCents, f.minPaidShare);
        const repaid = f.notePrincipalCents - f.principalCents;
        expect(r.requirements.paid_enough).toBe(repaid >= need);
        expect(r.requirements).toEqual({
          no_pending_transactions: !f.hasPendingTransactions,
          account_current: f.daysPastDue === 0,
          paid_enough: repaid >= need,
          no_application_in_progress: !f.otherApplicationInProgress,
        });
        expect(r.eligible).toBe(f.loanStatus === 'opened' && Object.values(r.requirements).every(Boolean));
        // Exactly the minimum repaid is enough; one cent less is not.
        const atMin = { ...f, principalCents: f.notePrincipalCents - need };
        expect(refinanceEligibility(atMin).requirements.paid_enough).toBe(true);
        if (need > 0) expect(refinanceEligibility({ ...atMin, principalCents: atMin.principalCents + 1 }).requirements.paid_enough).toBe(false);
        // Paying more never makes a loan lose paid_enough; asking a larger share never makes it gain it.
        const paidMore = { ...f, principalCents: Math.max(0, f.principalCents - more) };
        if (r.requirements.paid_enough) expect(refinanceEligibility(paidMore).requirements.paid_enough).toBe(true);
        const higherShare = { ...f, minPaidShare: Math.min(1, f.minPaidShare + more / 1_000_000) };
        if (!r.requirements.paid_enough) expect(refinanceEligibility(higherShare).requirements.paid_enough).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('a share outside [0, 1] is refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 1.000001, max: 100, noNaN: true }), fc.double({ min: -100, max: -0.000001, noNaN: true }), fc.constant(Number.NaN)),
        (share) => {
          expect(() => principalToRepayCents(100_000, share)).toThrow(RangeError);
        },
      ),
    );
  });
});
