/**
 * Domain benchmark: median µs of (a) a 260-payment weekly schedule + its APR and (b) a payoff
 * quote on a 260-payment loan with a year of payments replayed. Run: `npm run bench:domain`.
 * Target: (a) ≤ 200 µs on the 2-core reference machine. Prints figures; never fails the build.
 */
import { performance } from 'node:perf_hooks';
import { cents } from '../src/money';
import { parseIsoDate } from '../src/dates';
import { quoteLoan } from '../src/loan/disclosure';
import { buildSchedule } from '../src/loan/schedule';
import type { LoanTerms } from '../src/loan/schedule';
import { payoffAsOf } from '../src/loan/servicing';

const TARGET_US = 200;

const terms: LoanTerms = {
  amountCents: cents(500_000),
  originationFeeCents: cents(25_000),
  feeFinanced: true,
  annualRatePercent: '24.99',
  frequency: 'weekly',
  numberOfPayments: 260,
  disbursementDate: parseIsoDate('2025-01-03'),
  firstPaymentDate: parseIsoDate('2025-01-10'),
};

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Median wall time in µs of `fn`, over `rounds` batches of `batch` calls after a warm-up. */
function measure(fn: () => unknown, rounds = 60, batch = 20): number {
  let sink: unknown;
  for (let i = 0; i < 200; i++) sink = fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) sink = fn();
    samples.push(((performance.now() - t0) * 1000) / batch);
  }
  if (sink === undefined) throw new Error('unreachable');
  return median(samples);
}

const schedule = buildSchedule(terms);
const payments = schedule.rows.slice(0, 52).map((r) => ({ date: r.dueDate, amountCents: r.paymentCents }));
const asOf = parseIsoDate('2026-01-07');

const scheduleApr = measure(() => quoteLoan(terms));
const payoff = measure(() => payoffAsOf(schedule, payments, asOf));

const met = scheduleApr <= TARGET_US;
console.log(`schedule(260 weekly) + APR : median ${scheduleApr.toFixed(1)} µs (target ≤ ${String(TARGET_US)} µs: ${met ? 'MET' : 'NOT MET'})`);
console.log(`payoff (260 weekly, 52 payments replayed) : median ${payoff.toFixed(1)} µs`);
