/**
 * npm run seed:portfolio — a synthetic book driven through the REAL daily run (docs/portfolio.md).
 *
 * Against the database `npm start` uses: the embedded one in DATA_DIR (stop the server first: one process
 * per data directory), or PostgreSQL when DATABASE_URL is set. Day by day from the day after the business
 * date: that day's loans are originated (the rows funding writes for an auto-debit loan, and applications
 * decided without a loan), the borrowers' behaviour of the day happens (a borrower stops their auto-debit,
 * another pays the loan off early), the business clock moves to the day and the daily servicing run
 * services every open loan — debits created, sent and settled or returned by the sandbox bank, late fees,
 * statuses, collections, month-end portfolio facts. Prints the time taken and a summary of the figures.
 *
 * Behaviour model (seeded PRNG, so one seed gives one book): 72 % pay on time; 8 % are late (their bank
 * returns each first presentment, R01, and pays the re-presentment); 7 % default from the first payment
 * (every debit returned); 7 % stop paying after a few payments (auto-debit revoked); 6 % prepay in full.
 *
 * Flags (or env): --loans N (PORTFOLIO_LOANS, default 300), --months M (PORTFOLIO_MONTHS, default 12),
 * --seed S (PORTFOLIO_SEED, default 32), --full (10,000 loans over 24 months: see docs/portfolio.md for
 * the measured times).
 */
import { randomBytes } from 'node:crypto';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, addMonths } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import { cents, formatUsd, type Cents } from '@payrail/domain/money';
import { loadConfig } from '../config';
import { createContext } from '../context';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/lock';
import { seedDemo, seedReference } from '../db/seed';
import { businessToday } from '../lib/business-clock';
import { runDailyServicing } from '../modules/loan-book/use-cases/daily-run';
import { loanState } from '../modules/loan-book/use-cases/loan-position';
import { portfolioOf } from '../modules/portfolio/use-cases/get-portfolio';
import { monthEndOf } from '@payrail/domain/portfolio/figures';
import { seedPortfolioRepository } from './seed-portfolio.repository';
import type { SeedLoan } from './seed-portfolio.repository';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const full = process.argv.includes('--full');
const LOANS = Number(arg('loans') ?? process.env.PORTFOLIO_LOANS ?? (full ? 10_000 : 300));
const MONTHS = Number(arg('months') ?? process.env.PORTFOLIO_MONTHS ?? (full ? 24 : 12));
const SEED = Number(arg('seed') ?? process.env.PORTFOLIO_SEED ?? 32);
if (!Number.isInteger(LOANS) || LOANS < 1 || !Number.isInteger(MONTHS) || MONTHS < 1 || MONTHS > 60 || !Number.isInteger(SEED)) {
  console.error('usage: npm run seed:portfolio -- [--loans N ≥ 1] [--months 1..60] [--seed S] [--full]');
  process.exit(2);
}

/** mulberry32: a small seeded PRNG (the same seed gives the same book). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

type Behaviour = 'on_time' | 'late' | 'early_default' | 'stops_paying' | 'prepays';
function behaviour(): Behaviour {
  const r = random();
  return r < 0.72 ? 'on_time' : r < 0.8 ? 'late' : r < 0.87 ? 'early_default' : r < 0.94 ? 'stops_paying' : 'prepays';
}
/** The sandbox bank's behaviour by the account's last four digits (adapters/ach/sandbox.ts). */
const LAST4: Record<Behaviour, string> = { on_time: '6789', late: '0101', early_default: '0001', stops_paying: '6789', prepays: '6789' };

const started = performance.now();
// Like `npm start`: development unless NODE_ENV says otherwise (and then production is refused below).
const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' });
if (config.env === 'production') {
  console.error('seed:portfolio writes a synthetic book: refused in production.');
  process.exit(2);
}
const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteWorker: config.pgliteWorker });
try {
  await database.migrate();
  await seedReference(database.db);
  if (config.seedDemo) await seedDemo(database.db);
  const ctx = createContext(config, database);
  const box = await ctx.cryptoBox();
  const seedRepo = seedPortfolioRepository(database.db);

  // The run catches up first: the book starts the day after the business date.
  await runDailyServicing(ctx);
  const start = addDays(await businessToday(ctx), 1);
  // Through the month end of the last month, so the last month has its month-end figures too.
  const end = monthEndOf(addDays(addMonths(start, MONTHS), -1));
  const days: IsoDate[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  const originationDays = days.filter((d) => isBusinessDay(d));
  const perDay = originationDays.map((_, i) => Math.floor(((i + 1) * LOANS) / originationDays.length) - Math.floor((i * LOANS) / originationDays.length));
  console.log(
    `seed:portfolio — ${LOANS.toLocaleString('en-US')} loans over ${MONTHS} months (${start} → ${end}), seed ${SEED}, on ${database.kind === 'pglite' ? `the embedded database (${config.dataDir})` : 'PostgreSQL'}`,
  );

  const tag = randomBytes(4).toString('hex');
  let n = (await seedRepo.maxLoanId()) + 90_000_000;
  const pad = (v: number, w: number) => String(v).padStart(w, '0');
  const stops = new Map<string, number[]>();
  const prepays = new Map<string, number[]>();
  const at = (d: string, list: Map<string, number[]>, id: number) => list.set(d, [...(list.get(d) ?? []), id]);
  let k = 0;
  let runSeconds = 0;
  let servicedLoanDays = 0;
  const counts: Record<Behaviour, number> = { on_time: 0, late: 0, early_default: 0, stops_paying: 0, prepays: 0 };

  for (const day of days) {
    const now = new Date(`${day}T15:00:00Z`);
    const originations = isBusinessDay(day) ? perDay[originationDays.indexOf(day)]! : 0;
    if (originations > 0) {
      const batch: (SeedLoan & { behaviour: Behaviour })[] = [];
      const walkAways: { email: string; outcome: 'declined' | 'approved'; amountCents: Cents; decidedAt: Date }[] = [];
      for (let i = 0; i < originations; i += 1) {
        const b = behaviour();
        counts[b] += 1;
        const amount = 30_000 + Math.floor(random() * 55) * 5_000;
        const terms = pick([6, 9, 12]);
        const rate = pick(['18', '22', '26']);
        const schedule = buildSchedule({
          amountCents: cents(amount),
          originationFeeCents: cents(0),
          feeFinanced: false,
          annualRatePercent: rate,
          frequency: 'monthly',
          numberOfPayments: terms,
          disbursementDate: day,
          firstPaymentDate: addMonths(day, 1),
        });
        n += 1;
        k += 1;
        const number = `77${pad(Math.floor(random() * 1e6), 6)}${LAST4[b]}`;
        batch.push({
          behaviour: b,
          email: `portfolio-${tag}-${k}@payrail.test`,
          identifier: `${pad(Math.floor(n / 1_000_000) % 10_000, 4)}-${pad(Math.floor(n / 10_000) % 100, 2)}-${pad(n % 10_000, 4)}`,
          schedule,
          interestRate: rate,
          accountSealed: box.seal(number, 'bank_accounts.account_number'),
          last4: LAST4[b],
          decidedAt: new Date(`${addDays(day, -2)}T15:00:00Z`),
        });
        // Decisions that end without a loan: about one decline per two loans, one approval in ten never funded.
        if (random() < 0.5) walkAways.push({ email: `portfolio-${tag}-${k}-d@payrail.test`, outcome: 'declined', amountCents: cents(amount), decidedAt: now });
        if (random() < 0.1) walkAways.push({ email: `portfolio-${tag}-${k}-w@payrail.test`, outcome: 'approved', amountCents: cents(amount), decidedAt: now });
      }
      const ids = await seedRepo.originate(batch, now);
      await seedRepo.decideWithoutLoan(walkAways, now);
      batch.forEach((l, i) => {
        const terms = l.schedule.rows.length;
        const id = ids[i]!;
        if (l.behaviour === 'stops_paying') at(addDays(l.schedule.rows[1 + Math.floor(random() * (terms - 2))]!.dueDate, -3), stops, id);
        if (l.behaviour === 'prepays') at(addDays(l.schedule.rows[1 + Math.floor(random() * (terms - 2))]!.dueDate, -5), prepays, id);
      });
    }
    await seedRepo.stopAutoDebit(stops.get(day) ?? [], now);
    for (const loanId of prepays.get(day) ?? []) {
      const loan = await ctx.repos.loanBook.loan(loanId);
      if (!loan || (loan.status !== 'opened' && loan.status !== 'default')) continue;
      const state = await loanState(ctx, loan, day);
      if (state.position.outstandingCents > 0) {
        await ctx.repos.loanBook.recordPayment({
          loanId,
          kind: 'payoff',
          effectiveDate: day,
          amountCents: state.position.outstandingCents,
          idempotencyKey: `seed-portfolio:payoff:${loanId}`,
          reason: 'early payoff (portfolio seed)',
          at: now,
        });
      }
    }
    await ctx.repos.loanBook.setBusinessDateOverride(day, null, now);
    const t = performance.now();
    const report = await runDailyServicing(ctx, { through: day });
    runSeconds += (performance.now() - t) / 1000;
    servicedLoanDays += report.loansProcessed;
    if (day.endsWith('-01') || day === end) {
      const elapsed = (performance.now() - started) / 1000;
      console.log(`  ${day}: ${k.toLocaleString('en-US')} loans originated, ${report.loansProcessed} serviced today, ${elapsed.toFixed(0)} s elapsed`);
    }
  }

  const f = await portfolioOf(ctx);
  const total = (performance.now() - started) / 1000;
  const last = f.balances[f.balances.length - 1];
  const lastDelinquency = f.delinquency[f.delinquency.length - 1];
  const pct = (bp: number) => `${(bp / 100).toFixed(2)} %`;
  console.log(
    `\nBehaviour: ${Object.entries(counts)
      .map(([b, c]) => `${b.replace('_', ' ')} ${c}`)
      .join(', ')}`,
  );
  console.log(
    `Originations: ${f.originations.reduce((s, o) => s + o.count, 0).toLocaleString('en-US')} loans, ${formatUsd(cents(f.originations.reduce((s, o) => s + o.amountCents, 0)))} (whole book)`,
  );
  if (last)
    console.log(`Active balance at ${last.monthEnd}: ${formatUsd(cents(last.activeBalanceCents))} over ${last.activeCount.toLocaleString('en-US')} loans`);
  if (lastDelinquency)
    console.log(`Delinquency at ${lastDelinquency.monthEnd}: ${lastDelinquency.buckets.map((b) => `${b.bucket} ${pct(b.shareBp)}`).join(', ')}`);
  console.log(
    `Charge-offs: ${f.chargeOffs.reduce((s, c) => s + c.count, 0)} loans, ${formatUsd(cents(f.chargeOffs.reduce((s, c) => s + c.amountCents, 0)))}; recoveries ${formatUsd(cents(f.chargeOffs.reduce((s, c) => s + c.recoveriesCents, 0)))}`,
  );
  for (const v of f.vintages.slice(0, 6)) {
    const end = v.points[v.points.length - 1];
    if (end) console.log(`Vintage ${v.originationMonth}: ${v.count} loans, cumulative loss ${pct(end.lossBp)} after ${end.monthsOnBook} months on book`);
  }
  console.log(
    `\nDone in ${total.toFixed(1)} s (daily run ${runSeconds.toFixed(1)} s over ${days.length} days, ${servicedLoanDays.toLocaleString('en-US')} loan-days serviced). Business date now ${end}.`,
  );
} finally {
  await database.close();
  await unlock?.();
}
