import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { parseIsoDate } from '../dates';
import { refinanceQuote } from './refinance';
import { buildSchedule } from './schedule';
import { allocatePayment, payoff, replay } from './servicing';

const d = parseIsoDate;
const OLD = buildSchedule({ amountCents: cents(200_000), originationFeeCents: cents(0), feeFinanced: true, annualRatePercent: '24', frequency: 'monthly', numberOfPayments: 12, disbursementDate: d('2025-01-10'), firstPaymentDate: d('2025-02-10') });

describe('refinance quote', () => {
  it('new money = amount − payoff on the disbursement date − fee not financed', () => {
    const { ledger } = replay(OLD, OLD.rows.slice(0, 3).map((r) => ({ kind: 'payment' as const, date: r.dueDate, amountCents: r.paymentCents })));
    const q = refinanceQuote({ oldLoan: ledger, disbursementDate: d('2025-05-20'), amountOptionsCents: [100_000, 250_000, 200_000, 150_000], fee: { percentOfAmount: '2' }, feeFinanced: false });
    const p = payoff(ledger, d('2025-05-20'));
    expect(q.payoff).toEqual(p);
    expect(q.options.map((o) => o.amountCents)).toEqual([200_000, 250_000]); // 100k and 150k do not cover the payoff
    for (const o of q.options) expect(o.newMoneyCents).toBe(o.amountCents - p.payoffCents - Math.round(o.amountCents * 0.02));
    // paying the quoted payoff closes the old loan
    const closed = allocatePayment(ledger, d('2025-05-20'), q.payoff.payoffCents).ledger;
    expect(closed.principalCents).toBe(0);
  });

  it('a financed fee does not reduce the new money', () => {
    const { ledger } = replay(OLD, []);
    const q = refinanceQuote({ oldLoan: ledger, disbursementDate: d('2025-01-25'), amountOptionsCents: [300_000], fee: { flatCents: 5_000 }, feeFinanced: true });
    expect(q.options[0]?.feeNotFinancedCents).toBe(0);
    expect(q.options[0]?.newMoneyCents).toBe(300_000 - q.payoff.payoffCents);
  });
});
