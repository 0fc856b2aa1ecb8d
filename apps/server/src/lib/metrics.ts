import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context';

/**
 * Prometheus metrics of one app (one registry per app, so tests that start several apps in one process do
 * not mix their figures). Request latency is observed in an `onResponse` hook (one histogram observation:
 * a label lookup and a bucket increment); everything read from the database is read at scrape time only.
 */
export type Metrics = {
  registry: Registry;
  dailyRun(report: { seconds: number; loansProcessed: number; dates: readonly { failed: number }[] }, outcome: 'completed' | 'failed'): void;
  job(name: string, outcome: 'completed' | 'retry' | 'failed'): void;
};

const registries = new WeakMap<AppContext, Metrics>();

/** The metrics of this app context (created on first use). */
export function metricsOf(ctx: AppContext): Metrics {
  let m = registries.get(ctx);
  if (m) return m;
  const registry = new Registry();
  // Process figures (CPU, memory, event-loop lag, GC) for a served app; not in tests, which start hundreds of apps per process.
  if (ctx.config.env !== 'test') collectDefaultMetrics({ register: registry, prefix: 'payrail_process_' });
  const runSeconds = new Histogram({
    name: 'payrail_daily_run_duration_seconds',
    help: 'Duration of a daily servicing run.',
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    labelNames: ['outcome'],
    registers: [registry],
  });
  const loansServiced = new Counter({
    name: 'payrail_daily_run_loans_serviced_total',
    help: 'Loans serviced by daily runs (one per loan and business day).',
    registers: [registry],
  });
  const daysRun = new Counter({ name: 'payrail_daily_run_business_days_total', help: 'Business days the daily runs went through.', registers: [registry] });
  const claimsFailed = new Counter({
    name: 'payrail_daily_run_claims_failed_total',
    help: 'Loans whose servicing failed in a daily run (left failed, retried by the next run).',
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'payrail_jobs_total',
    help: 'Background job attempts by queue (the job label) and outcome: completed, retry (failed, to be retried), failed (out of retries).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  m = {
    registry,
    dailyRun(report, outcome) {
      runSeconds.observe({ outcome }, report.seconds);
      loansServiced.inc(report.loansProcessed);
      daysRun.inc(report.dates.length);
      claimsFailed.inc(report.dates.reduce((n, d) => n + d.failed, 0));
    },
    job(name, outcome) {
      jobs.inc({ job: name, outcome });
    },
  };
  registries.set(ctx, m);
  return m;
}
