import { JOBS_MSG } from '@payrail/contract/jobs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../src/lib/metrics';
import { DAILY_RUN_QUEUE, queueDailyRun } from '../src/modules/loan-book/scheduler';
import { businessDate } from '../src/modules/loan-book/servicing-policy';
import { STATEMENTS_QUEUE } from '../src/modules/statements/scheduler';
import type { JobQueue } from '../src/jobs/port';
import { createInProcessQueue } from '../src/jobs/in-process';
import { jobsRepository } from '../src/jobs/repository';
import { staffToken } from './application-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * The job port's contract (jobs/port.ts), run against the driver of the database under test: pg-boss on
 * PostgreSQL (TEST_DB=postgres), the in-process runner on PGlite. Queue names are unique per run: on
 * PostgreSQL pg-boss's schema outlives the test database's reset.
 */
let app: TestApp;
let admin: string;
let servicer: string;
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const FLAKY = `test.flaky-${run}`;
const CRASH = `test.crash-${run}`;
const OK = `test.ok-${run}`;
let flakyShouldFail = true;
const flakyAttempts: { attempt: number; at: number }[] = [];
const crashRuns: string[] = [];

const rows = async (q: ReturnType<typeof sql>) => ((await app.ctx.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A worker that died holding the job: the job active, claimed an hour ago. */
async function simulateCrash(jobs: JobQueue, queue: string, id: string): Promise<void> {
  if (jobs.driver === 'pg-boss')
    await app.ctx.database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour', retry_count = 0 where name = ${queue} and id = ${id}::uuid`,
    );
  else
    await app.ctx.database.db.execute(
      sql`update jobs set state = 'active', started_at = now() - interval '1 hour' where queue = ${queue} and id = ${id}::bigint`,
    );
}

beforeAll(async () => {
  app = await testApp();
  admin = await staffToken(app, 'admin@payrail.test');
  servicer = await staffToken(app, 'servicer@payrail.test');
  app.ctx.jobs.define<{ n: number }>({
    name: FLAKY,
    description: 'Fails until told otherwise.',
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryBackoff: true,
    expireInSeconds: 60,
    subject: (d) => `flaky ${d.n}`,
    handler: async (_data, job) => {
      flakyAttempts.push({ attempt: job.attempt, at: Date.now() });
      if (flakyShouldFail) throw new Error(`the bureau answered 503 (attempt ${job.attempt})`);
    },
  });
  app.ctx.jobs.define<Record<string, never>>({
    name: CRASH,
    description: 'Records its runs.',
    retryLimit: 2,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 2,
    handler: async (_d, job) => {
      crashRuns.push(job.id);
    },
  });
  app.ctx.jobs.define<Record<string, never>>({
    name: OK,
    description: 'Always works.',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    handler: async () => undefined,
  });
  await app.ctx.jobs.start();
}, 60_000);
afterAll(async () => {
  await app.ctx.jobs.stop(5_000);
  await app.close();
});

describe(`the job port (${process.env.TEST_DB === 'postgres' ? 'pg-boss on PostgreSQL' : 'the in-process runner on PGlite'})`, () => {
  it('drives the database’s driver', () => {
    expect(app.ctx.jobs.driver).toBe(process.env.TEST_DB === 'postgres' ? 'pg-boss' : 'in-process');
  });

  it('retries a throwing job retryLimit times with back-off, then fails it for good and dead-letters it; an admin retries it and it runs', async () => {
    const id = await app.ctx.jobs.send(FLAKY, { n: 7 });
    expect(id).toBeTruthy();
    await until('the job failed for good', async () => (await app.ctx.jobs.counts(FLAKY)).failed === 1, 30_000);
    expect(flakyAttempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const [a, b, c] = flakyAttempts.map((x) => x.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900); // retryDelay 1 s
    expect(c - b).toBeGreaterThanOrEqual(1_900); // then 2 s: exponential back-off
    const counts = await app.ctx.jobs.counts(FLAKY);
    expect(counts).toMatchObject({ queued: 0, active: 0, failed: 1 });
    expect(counts.lastFailedAt).toBeInstanceOf(Date);
    // The dead-letter queue holds its copy.
    const dead = await app.ctx.jobs.counts(`${FLAKY}.dead`);
    expect(dead.failed + dead.queued).toBe(1);

    const failed = await app.ctx.jobs.failed(FLAKY, 10);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ id, queue: FLAKY, attempts: 3, error: 'the bureau answered 503 (attempt 3)', subject: 'flaky 7' });

    // The Jobs page: the queue with its counts, the failed job with its error.
    const list = await call(app, { url: '/api/backoffice/jobs', headers: auth(admin) });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.driver).toBe(app.ctx.jobs.driver);
    expect(body.queues.find((q: { name: string }) => q.name === FLAKY)).toMatchObject({
      failed: 1,
      queued: 0,
      retry_limit: 2,
      dead_letter: `${FLAKY}.dead`,
      schedule: null,
    });
    expect(body.queues.map((q: { name: string }) => q.name)).toContain(DAILY_RUN_QUEUE);
    // Scraped metrics: the queue's failed depth and its last failure.
    const scraped = await metricsOf(app.ctx).registry.metrics();
    expect(scraped).toContain(`payrail_job_queue_jobs{queue="${FLAKY}",state="failed"} 1`);
    expect(scraped).toContain(`payrail_job_queue_jobs{queue="${FLAKY}",state="queued"} 0`);
    expect(scraped).toMatch(new RegExp(`payrail_job_queue_last_failure_timestamp_seconds\\{queue="${FLAKY.replaceAll('.', '\\.')}"\\} [1-9]`));
    const page = await call(app, { url: `/api/backoffice/jobs/${FLAKY}/failed`, headers: auth(admin) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().jobs).toEqual([expect.objectContaining({ id, attempts: 3, error: 'the bureau answered 503 (attempt 3)', subject: 'flaky 7' })]);

    // Retried by an admin (audited), it runs again with its attempts starting over, and now works.
    flakyShouldFail = false;
    const retried = await call(app, { method: 'POST', url: `/api/backoffice/jobs/${FLAKY}/${id}/retry`, headers: auth(admin) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ id, queue: FLAKY, state: 'queued' });
    const audit = await rows(sql`select after from staff_actions where action = 'job_retried' order by id desc limit 1`);
    expect(audit[0]?.after).toMatchObject({ queue: FLAKY, id, state: 'queued' });
    await until('the retried job completed', async () => (await app.ctx.jobs.counts(FLAKY)).completed === 1);
    expect(flakyAttempts.at(-1)?.attempt).toBe(1);
    expect(await app.ctx.jobs.counts(FLAKY)).toMatchObject({ failed: 0, queued: 0, active: 0 });
    expect(await app.ctx.jobs.failed(FLAKY, 10)).toEqual([]);

    // Retrying it again: it is not failed any more, and no audit row is written for a retry that did not happen
    // (the retry and its audit row are one statement/transaction).
    const audited = async () => Number((await rows(sql`select count(*)::int as n from staff_actions where action = 'job_retried'`))[0]?.n);
    const auditedBefore = await audited();
    const again = await call(app, { method: 'POST', url: `/api/backoffice/jobs/${FLAKY}/${id}/retry`, headers: auth(admin) });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toBe(JOBS_MSG.notFailed);
    expect(await audited()).toBe(auditedBefore);
    // The outcomes are counted.
    const text = await metricsOf(app.ctx).registry.metrics();
    expect(text).toContain(`payrail_jobs_total{job="${FLAKY}",outcome="failed"} 1`);
    expect(text).toContain(`payrail_jobs_total{job="${FLAKY}",outcome="retry"} 2`);
  }, 60_000);

  it('ten parallel sends of the daily run for one business date make one job and one run', async () => {
    const date = await businessDate(app.ctx);
    const before = await app.ctx.jobs.counts(DAILY_RUN_QUEUE);
    const sent = async () => Object.values(await app.ctx.jobs.counts(STATEMENTS_QUEUE)).reduce<number>((n, v) => n + (typeof v === 'number' ? v : 0), 0);
    const statementsBefore = await sent();
    const runsBefore = await dailyRuns();
    const ids = await Promise.all(Array.from({ length: 10 }, () => queueDailyRun(app.ctx)));
    expect(ids.filter((x) => x !== null)).toHaveLength(1);
    await until('the daily run completed', async () => (await app.ctx.jobs.counts(DAILY_RUN_QUEUE)).completed === before.completed + 1, 120_000);
    expect(await dailyRuns()).toBe(runsBefore + 1);
    expect(await app.ctx.jobs.counts(DAILY_RUN_QUEUE)).toMatchObject({ queued: 0, active: 0, failed: before.failed });
    // Having run, it queued the statements for the date (the loan book's dailyRunFinished hook, statements/scheduler.ts).
    expect(await sent()).toBe(statementsBefore + 1);
    // Each loan was serviced at most once for the date: one claim per (loan, date), none left pending.
    const dup = await rows(sql`select loan_id from servicing_runs where business_date = ${date} group by job, loan_id having count(*) > 1`);
    expect(dup).toEqual([]);
  }, 150_000);

  it('runs again a job whose worker crashed (active past expireInSeconds)', async () => {
    const id = (await app.ctx.jobs.send(CRASH, {}, { startAfterSeconds: 3600 }))!;
    await simulateCrash(app.ctx.jobs, CRASH, id);
    await until('the crashed job ran again', async () => crashRuns.includes(id), 60_000);
    await until('it completed', async () => (await app.ctx.jobs.counts(CRASH)).completed === 1);
  }, 70_000);

  it('answers 403 to a non-admin, 404 to an unknown queue or job, 409 to a job that is not failed', async () => {
    for (const url of ['/api/backoffice/jobs', `/api/backoffice/jobs/${FLAKY}/failed`]) {
      const res = await call(app, { url, headers: auth(servicer) });
      expect(res.statusCode, url).toBe(403);
    }
    const denied = await call(app, { method: 'POST', url: `/api/backoffice/jobs/${FLAKY}/1/retry`, headers: auth(servicer) });
    expect(denied.statusCode).toBe(403);

    const unknown = await call(app, { url: '/api/backoffice/jobs/no.such-queue/failed', headers: auth(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(JOBS_MSG.unknownQueue);
    const unknownRetry = await call(app, { method: 'POST', url: '/api/backoffice/jobs/no.such-queue/1/retry', headers: auth(admin) });
    expect(unknownRetry.statusCode).toBe(404);
    const noJob = await call(app, {
      method: 'POST',
      url: `/api/backoffice/jobs/${OK}/${app.ctx.jobs.driver === 'pg-boss' ? '00000000-0000-4000-8000-000000000000' : '999999999'}/retry`,
      headers: auth(admin),
    });
    expect(noJob.statusCode).toBe(404);
    expect(noJob.json().error).toBe(JOBS_MSG.notFound);

    const id = (await app.ctx.jobs.send(OK, {}))!;
    await until('the job completed', async () => (await app.ctx.jobs.counts(OK)).completed === 1);
    const res = await call(app, { method: 'POST', url: `/api/backoffice/jobs/${OK}/${id}/retry`, headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: JOBS_MSG.notFailed });
  }, 30_000);
});

describe('the in-process runner’s cron (the embedded driver; its SQL runs on both databases)', () => {
  it('two instances on one database send one job per slot', async () => {
    const name = `test.cron-${run}`;
    const runs: string[] = [];
    const runners = [0, 1].map(() => {
      const q = createInProcessQueue(jobsRepository(app.ctx.database.db), { schedules: true, pollMs: 100 });
      q.define({
        name,
        description: 'Every minute.',
        retryLimit: 0,
        retryDelaySeconds: 0,
        retryBackoff: false,
        expireInSeconds: 60,
        schedule: '* * * * *',
        handler: async (_d, job) => void runs.push(job.id),
      });
      return q;
    });
    try {
      await Promise.all(runners.map((r) => r.start()));
      await until('the slot’s job ran', async () => runs.length > 0);
      await new Promise((r) => setTimeout(r, 1_500));
      // The current minute's slot, once (a new minute may have begun meanwhile: then at most one more).
      const slots = await rows(sql`select count(*)::int as n from job_schedules where queue = ${name}`);
      expect(slots[0]?.n).toBe(1);
      const jobs = await rows(sql`select singleton_key from jobs where queue = ${name}`);
      expect(new Set(jobs.map((j) => j.singleton_key)).size).toBe(jobs.length);
      expect(runs.length).toBe(jobs.length);
      expect(runs.length).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all(runners.map((r) => r.stop(2_000)));
    }
  }, 30_000);
});

/** Daily runs this app's metrics saw (one histogram observation per run). */
async function dailyRuns(): Promise<number> {
  const text = await metricsOf(app.ctx).registry.metrics();
  const m = /payrail_daily_run_duration_seconds_count\{outcome="completed"\} (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}
