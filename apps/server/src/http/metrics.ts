import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Metric } from 'prom-client';
import type { AppContext } from '../context';
import { metricsOf } from '../lib/metrics';
import { loanBookMetricsReads } from '../modules/loan-book/metrics.repository';
import { outboxMetricsReads } from '../modules/platform/repository';

/** The figures read from the database at scrape time (never per request): one read per scrape, shared by the gauges. */
function registerDatabaseGauges(ctx: AppContext): void {
  const { registry } = metricsOf(ctx);
  const reads = { loanBook: loanBookMetricsReads(ctx.database.db), outbox: outboxMetricsReads(ctx.database.db) };

  // Read at scrape time: what the loan book and the outbox hold. prom-client collects every metric at once,
  // so each gauge waits for the same single read.
  let scrape: Promise<void> | null = null;
  const fresh = () =>
    (scrape ??= readDatabase().finally(() => {
      scrape = null;
    }));
  const ledger = new Gauge({
    name: 'payrail_ledger_entries',
    help: 'Ledger entries by kind (payments, remittances, returns, charge-offs…).',
    labelNames: ['kind'],
    registers: [registry],
    collect: fresh,
  });
  const payments = new Gauge({
    name: 'payrail_payments',
    help: 'Borrower payments (loan transactions) by mode, method and status.',
    labelNames: ['mode', 'method', 'status'],
    registers: [registry],
    collect: fresh,
  });
  const returns = new Gauge({
    name: 'payrail_ach_returns',
    help: 'Returned ACH debits by return code.',
    labelNames: ['code'],
    registers: [registry],
    collect: fresh,
  });
  const queue = new Gauge({
    name: 'payrail_daily_run_claims',
    help: 'Daily-run claims not done (the queue): pending and failed.',
    labelNames: ['status'],
    registers: [registry],
    collect: fresh,
  });
  const lastDay = new Gauge({
    name: 'payrail_daily_run_last_completed_day_timestamp_seconds',
    help: 'The last business day the daily run completed (midnight UTC of that day), 0 when none.',
    registers: [registry],
    collect: fresh,
  });
  const outbox = new Gauge({
    name: 'payrail_outbox_messages',
    help: 'E-mails and texts in the outbox by channel and status (sent, failed).',
    labelNames: ['channel', 'status'],
    registers: [registry],
    collect: fresh,
  });
  const up = new Gauge({
    name: 'payrail_database_up',
    help: '1 when the last scrape could read the database.',
    labelNames: ['kind'],
    registers: [registry],
    collect: fresh,
  });
  const jobDepth = new Gauge({
    name: 'payrail_job_queue_jobs',
    help: 'Background jobs per queue and state: queued (created or waiting for a retry), active, failed (out of retries, dead-lettered).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect: fresh,
  });
  const jobLastFailed = new Gauge({
    name: 'payrail_job_queue_last_failure_timestamp_seconds',
    help: 'When a job of the queue last failed for good, 0 when none is failed.',
    labelNames: ['queue'],
    registers: [registry],
    collect: fresh,
  });
  /** The job queues' counts (the driver's: pg-boss or the in-process runner); a queue that cannot be read is left out. */
  const readJobs = async () => {
    const queues = await Promise.all(ctx.jobs.definitions().map(async (d) => ({ name: d.name, counts: await ctx.jobs.counts(d.name).catch(() => null) })));
    jobDepth.reset();
    jobLastFailed.reset();
    for (const q of queues) {
      if (!q.counts) continue;
      jobDepth.set({ queue: q.name, state: 'queued' }, q.counts.queued);
      jobDepth.set({ queue: q.name, state: 'active' }, q.counts.active);
      jobDepth.set({ queue: q.name, state: 'failed' }, q.counts.failed);
      jobLastFailed.set({ queue: q.name }, q.counts.lastFailedAt ? q.counts.lastFailedAt.getTime() / 1000 : 0);
    }
  };
  const readDatabase = async () => {
    try {
      const [book, messages] = await Promise.all([reads.loanBook.counts(), reads.outbox.byChannelAndStatus(), readJobs()]);
      ledger.reset();
      for (const r of book.entries) ledger.set({ kind: r.kind }, r.n);
      payments.reset();
      for (const r of book.transactions) payments.set({ mode: r.mode, method: r.method, status: r.status }, r.n);
      returns.reset();
      for (const r of book.returns) returns.set({ code: r.code ?? 'unknown' }, r.n);
      queue.reset();
      queue.set({ status: 'pending' }, 0);
      queue.set({ status: 'failed' }, 0);
      for (const r of book.runs) queue.set({ status: r.status }, r.n);
      lastDay.set(book.lastCompletedDay ? Date.parse(`${book.lastCompletedDay}T00:00:00Z`) / 1000 : 0);
      outbox.reset();
      for (const r of messages) outbox.set({ channel: r.channel, status: r.status }, r.n);
      up.set({ kind: ctx.database.kind }, 1);
    } catch {
      up.set({ kind: ctx.database.kind }, 0);
    }
  };
}

/** One series of the request histogram: its labels, its count per bucket (not cumulative), sum and count. */
/** One sample as prom-client's histogram hands it to the registry (its `setValuePair`). */
type Sample = { labels: object; sharedLabels: object; value: number; metricName: string; exemplar: null | undefined };
type Series = { labels: { method: string; route: string; status_code: string }; buckets: Float64Array; sum: number; count: number };

/**
 * `payrail_http_request_duration_seconds`, observed by every request: a prom-client histogram in what it
 * shows (the same series, in the same order, with the same buckets, sums and counts; `get()` answers what
 * prom-client's `Histogram.get()` answers, so the registry writes the same text), kept by a cheaper path.
 * prom-client's `observe` checks the label names, builds a hash string of the labels and looks the series
 * up in an object on every call; here a series is found by one string key in a Map and its bucket by a
 * loop over the fixed bounds. Nothing else is read or written per request.
 */
export class RequestLatencyHistogram {
  readonly name = 'payrail_http_request_duration_seconds';
  readonly help = 'HTTP request latency by method, route pattern and status code.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames = ['method', 'route', 'status_code'] as const;
  private readonly series = new Map<string, Series>();

  constructor(private readonly upperBounds: readonly number[]) {}

  /** One request: its method, route pattern, status and duration in seconds. */
  observe(method: string, route: string, statusCode: number, seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    const key = `${statusCode} ${method} ${route}`;
    let found = this.series.get(key);
    if (found === undefined) {
      found = { labels: { method, route, status_code: String(statusCode) }, buckets: new Float64Array(this.upperBounds.length), sum: 0, count: 0 };
      this.series.set(key, found);
    }
    found.sum += seconds;
    found.count += 1;
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        found.buckets[i]! += 1;
        break;
      }
    }
  }

  /** What prom-client's Histogram.getForPromString() answers (the registry's text): per series, the cumulative buckets, +Inf, sum and count. */
  async getForPromString(): Promise<{ name: string; help: string; type: 'histogram'; values: Sample[]; aggregator: 'sum' }> {
    const bucketName = `${this.name}_bucket`;
    const values: Sample[] = [];
    const pair = (labels: object, value: number, metricName: string, exemplar: null | undefined, sharedLabels: object): Sample => ({
      labels,
      sharedLabels,
      value,
      metricName,
      exemplar,
    });
    for (const s of this.series.values()) {
      let acc = 0;
      this.upperBounds.forEach((le, i) => {
        acc += s.buckets[i]!;
        values.push(pair({ le }, acc, bucketName, null, s.labels));
      });
      values.push(pair({ le: '+Inf' }, s.count, bucketName, null, s.labels));
      values.push(pair({}, s.sum, `${this.name}_sum`, undefined, s.labels));
      values.push(pair({}, s.count, `${this.name}_count`, undefined, s.labels));
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** What prom-client's Histogram.get() answers (the registry's JSON): the same samples, each series' labels merged into the sample's. */
  async get(): Promise<{ name: string; help: string; type: 'histogram'; values: Omit<Sample, 'sharedLabels'>[]; aggregator: 'sum' }> {
    const data = await this.getForPromString();
    return { ...data, values: data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    this.series.clear();
  }
}

/** Compares two secrets in constant time (hashes first, so lengths do not leak either). */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * Registers the request histogram (every route, labelled by its route pattern, never the raw URL) and
 * `GET /metrics` (Prometheus text). `/metrics` is for the operator's scraper: in production, keep it off the
 * public edge (docs/operations.md) or set METRICS_TOKEN to require `Authorization: Bearer <token>`.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, o: { token: string | null }): void {
  const metrics = metricsOf(ctx);
  registerDatabaseGauges(ctx);
  const latency = new RequestLatencyHistogram([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  metrics.registry.registerMetric(latency as unknown as Metric);
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') latency.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (req, reply) => {
    if (o.token !== null && !sameSecret(req.headers.authorization ?? '', `Bearer ${o.token}`))
      return reply.status(401).send({ error: 'A metrics token is required.' });
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
