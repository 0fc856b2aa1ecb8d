import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../loan/schedule';
import type { IsoDate } from '../dates';
import { cents } from '../money';
import { servicingSnapshot } from './snapshot';
import type { PostedEntry } from './snapshot';

const d = (s: string): IsoDate => s as IsoDate;
const schedule = buildSchedule({
  amountCents: cents(100_000),
  originationFeeCents: cents(0),
  feeFinanced: false,
  annualRatePercent: '12',
  frequency: 'monthly',
  numberOfPayments: 4,
  disbursementDate: d('2026-01-01'),
  firstPaymentDate: d('2026-02-01'),
});
const pay = schedule.regularPaymentCents;
let nextId = 1;
const entry = (kind: PostedEntry['kind'], date: string, amount: number, extra: Partial<PostedEntry> = {}): PostedEntry => ({
  id: nextId++,
  kind,
  effectiveDate: d(date),
  amountCents: amount,
  reversesEntryId: null,
  installmentN: null,
  ...extra,
});

describe('servicingSnapshot', () => {
  it('nothing past due when every installment is paid on its date; zero payoff after the last', () => {
    const entries = schedule.rows.map((r) => entry('scheduled_debit', r.dueDate, r.paymentCents));
    const mid = servicingSnapshot(schedule, entries, d('2026-03-15'));
    expect(mid.daysPastDue).toBe(0);
    expect(mid.pastDue).toEqual([]);
    const end = servicingSnapshot(schedule, entries, d('2026-05-01'));
    expect(end.payoffCents).toBe(0);
    expect(end.paidCents).toBe(schedule.totalOfPaymentsCents);
  });
  it('counts days past due from the oldest unpaid installment and lists it for the late fee', () => {
    const s = servicingSnapshot(schedule, [], d('2026-02-20'));
    expect(s.position.nextDueDate).toBe('2026-02-01');
    expect(s.daysPastDue).toBe(19);
    expect(s.forLateFee).toEqual([{ n: 1, dueDate: '2026-02-01', scheduledCents: pay, unpaidCents: pay }]);
  });
  it('a short payment leaves the rest past due; a returned payment counts as never made', () => {
    const partial = entry('payroll_remittance', '2026-02-01', pay - 1000);
    const s = servicingSnapshot(schedule, [partial], d('2026-02-10'));
    expect(s.forLateFee[0]!.unpaidCents).toBe(1000);
    expect(s.daysPastDue).toBe(9);
    const full = entry('scheduled_debit', '2026-02-01', pay);
    const back = entry('reversal', '2026-02-03', pay, { reversesEntryId: full.id, reasonCode: 'R01' } as Partial<PostedEntry>);
    expect(servicingSnapshot(schedule, [full], d('2026-02-10')).daysPastDue).toBe(0);
    expect(servicingSnapshot(schedule, [full, back], d('2026-02-10')).daysPastDue).toBe(9);
  });
  it('fees alone do not make the loan past due, and an assessed fee is remembered', () => {
    const fee = entry('late_fee', '2026-02-17', 1500, { installmentN: 1 });
    const paid = entry('one_time_payment', '2026-02-18', pay);
    const s = servicingSnapshot(schedule, [fee, paid], d('2026-02-25'));
    expect([...s.lateFeeAssessed]).toEqual([1]);
    // fees are paid first: the fee is settled and $15 of the installment itself stays unpaid
    expect(s.pastDue[0]).toMatchObject({ n: 1, feeCents: 0 });
    expect(s.forLateFee[0]!.unpaidCents).toBe(1500);
    expect(s.daysPastDue).toBe(24);
    // paying the remainder clears it, and only the fee (already paid) is left of installment 1: nothing past due
    const rest = entry('one_time_payment', '2026-02-19', 1500);
    expect(servicingSnapshot(schedule, [fee, paid, rest], d('2026-02-25')).daysPastDue).toBe(0);
  });
});
