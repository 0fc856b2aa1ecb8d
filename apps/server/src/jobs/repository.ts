import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RetryAudit } from './port';
import { staffActions } from '../db/schema/index';

/** A job a worker claimed: `token` (its claim's start time) must still match when the outcome is written. */
export type ClaimedJob = { id: string; data: unknown; retryCount: number; token: string };

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;
const ms = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(Number(v)));

/**
 * The in-process runner's queue table (`jobs`, `job_schedules`; migration 0036). The same SQL on PGlite and
 * PostgreSQL: claims take rows `FOR UPDATE SKIP LOCKED` (several instances on PostgreSQL share a queue), a
 * claim's outcome is written only while the claim is still the job's (an expired claim lost it), and the
 * database's clock times everything.
 */
export function jobsRepository(db: Db) {
  return {
    /** A new job; null when a queued or active job of the queue holds the singleton key. */
    async insert(j: {
      queue: string;
      data: unknown;
      singletonKey: string | null;
      subject: string | null;
      retryLimit: number;
      startAfterSeconds: number;
    }): Promise<string | null> {
      const res = await db.execute(sql`
        insert into jobs (queue, data, singleton_key, subject, retry_limit, start_after)
        values (${j.queue}, ${JSON.stringify(j.data ?? {})}::jsonb, ${j.singletonKey}, ${j.subject}, ${j.retryLimit},
                now() + make_interval(secs => ${j.startAfterSeconds}::float8))
        on conflict do nothing
        returning id::text as id`);
      const row = rowsOf(res)[0];
      return row ? String(row.id) : null;
    },

    /** Up to `limit` jobs of `queue` due to run, now active. */
    async claim(queue: string, limit: number): Promise<ClaimedJob[]> {
      const res = await db.execute(sql`
        update jobs set state = 'active', started_at = clock_timestamp()
        where id in (
          select id from jobs
          where queue = ${queue} and state in ('created', 'retry') and start_after <= now()
          order by start_after, id
          limit ${limit}
          for update skip locked)
        returning id::text as id, data, retry_count, started_at::text as token`);
      return rowsOf(res).map((r) => ({ id: String(r.id), data: r.data, retryCount: Number(r.retry_count), token: String(r.token) }));
    },

    async complete(id: string, token: string): Promise<boolean> {
      const res = await db.execute(sql`
        update jobs set state = 'completed', completed_at = now(), last_error = null
        where id = ${id}::bigint and state = 'active' and started_at = ${token}::timestamptz
        returning id`);
      return rowsOf(res).length > 0;
    },

    /**
     * The claimed attempt failed: back to `retry` after `delaySeconds` while retries remain, otherwise
     * failed for good and copied to `deadLetter` (when given). Answers the new state, null when the claim was lost.
     */
    async fail(id: string, token: string, error: string, delaySeconds: number, deadLetter: string | null): Promise<'retry' | 'failed' | null> {
      return db.transaction(async (tx) => {
        const res = await tx.execute(sql`
          update jobs set
            state = case when retry_count < retry_limit then 'retry' else 'failed' end,
            retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
            start_after = case when retry_count < retry_limit then now() + make_interval(secs => ${delaySeconds}::float8) else start_after end,
            completed_at = case when retry_count < retry_limit then null else now() end,
            last_error = ${error}
          where id = ${id}::bigint and state = 'active' and started_at = ${token}::timestamptz
          returning state`);
        const state = rowsOf(res)[0]?.state as 'retry' | 'failed' | undefined;
        if (state === 'failed' && deadLetter)
          await tx.execute(sql`
            insert into jobs (queue, data, state, subject, retry_count, retry_limit, started_at, completed_at, last_error, dead_letter_of, created_at)
            select ${deadLetter}, data, 'failed', subject, retry_count, 0, started_at, completed_at, last_error, id, created_at
            from jobs where id = ${id}::bigint`);
        return state ?? null;
      });
    },

    /** Active jobs of `queue` claimed more than `seconds` ago (their worker is taken to have crashed). */
    async expired(queue: string, seconds: number): Promise<{ id: string; retryCount: number; token: string }[]> {
      const res = await db.execute(sql`
        select id::text as id, retry_count, started_at::text as token from jobs
        where queue = ${queue} and state = 'active' and started_at < now() - make_interval(secs => ${seconds}::float8)
        order by id limit 100`);
      return rowsOf(res).map((r) => ({ id: String(r.id), retryCount: Number(r.retry_count), token: String(r.token) }));
    },

    async counts(queue: string): Promise<{ queued: number; active: number; failed: number; completed: number; lastFailedAt: Date | null }> {
      const res = await db.execute(sql`
        select
          count(*) filter (where state in ('created', 'retry'))::int as queued,
          count(*) filter (where state = 'active')::int as active,
          count(*) filter (where state = 'failed')::int as failed,
          count(*) filter (where state = 'completed')::int as completed,
          (extract(epoch from max(completed_at) filter (where state = 'failed')) * 1000)::float8 as last_failed_at
        from jobs where queue = ${queue}`);
      const r = rowsOf(res)[0] ?? {};
      return {
        queued: Number(r.queued ?? 0),
        active: Number(r.active ?? 0),
        failed: Number(r.failed ?? 0),
        completed: Number(r.completed ?? 0),
        lastFailedAt: ms(r.last_failed_at),
      };
    },

    async failed(queue: string, limit: number) {
      const res = await db.execute(sql`
        select id::text as id, retry_count, coalesce(last_error, '') as error, subject,
          (extract(epoch from coalesce(completed_at, started_at, created_at)) * 1000)::float8 as failed_at,
          (extract(epoch from created_at) * 1000)::float8 as created_at
        from jobs where queue = ${queue} and state = 'failed'
        order by completed_at desc nulls last, id desc limit ${limit}`);
      return rowsOf(res).map((r) => ({
        id: String(r.id),
        queue,
        attempts: Number(r.retry_count) + 1,
        error: String(r.error),
        failedAt: ms(r.failed_at)!,
        createdAt: ms(r.created_at)!,
        subject: r.subject === null || r.subject === undefined ? null : String(r.subject),
      }));
    },

    /** A failed job queued again with its attempts starting over; its dead-letter copy goes. False when it is not failed. */
    async retry(queue: string, id: string, audit?: RetryAudit): Promise<boolean> {
      if (!/^\d{1,18}$/.test(id)) return false;
      return db.transaction(async (tx) => {
        const res = await tx.execute(sql`
          update jobs set state = 'created', retry_count = 0, start_after = now(), started_at = null, completed_at = null
          where id = ${id}::bigint and queue = ${queue} and state = 'failed'
          returning id`);
        if (rowsOf(res).length === 0) return false;
        await tx.execute(sql`delete from jobs where dead_letter_of = ${id}::bigint and state = 'failed'`);
        if (audit) await tx.insert(staffActions).values({ ...audit, targetUserId: null });
        return true;
      });
    },

    /** True when a job with this id exists in `queue` (any state). */
    async exists(queue: string, id: string): Promise<boolean> {
      if (!/^\d{1,18}$/.test(id)) return false;
      const res = await db.execute(sql`select 1 as one from jobs where id = ${id}::bigint and queue = ${queue}`);
      return rowsOf(res).length > 0;
    },

    /**
     * Moves the queue's schedule to `slot` (an instant) when it is behind it; true exactly once per slot across
     * instances (the caller then sends that slot's job). The first call for a queue records the slot and answers true.
     */
    async takeSlot(queue: string, cron: string, slot: Date): Promise<boolean> {
      const res = await db.execute(sql`
        insert into job_schedules (queue, cron, last_slot) values (${queue}, ${cron}, ${slot.toISOString()}::timestamptz)
        on conflict (queue) do update set last_slot = excluded.last_slot, cron = excluded.cron
        where job_schedules.last_slot < excluded.last_slot
        returning queue`);
      return rowsOf(res).length > 0;
    },

    /**
     * A plain read (so an idle poll writes nothing, and the embedded database's caches keep): per queue, how
     * many jobs are due and when its oldest active job was claimed; with the database's clock.
     */
    async poll(): Promise<{ now: Date; queues: Map<string, { due: number; oldestActive: Date | null }> }> {
      const res = await db.execute(sql`
        select queue,
          count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
          (extract(epoch from min(started_at) filter (where state = 'active')) * 1000)::float8 as oldest_active,
          (extract(epoch from clock_timestamp()) * 1000)::float8 as now
        from jobs where state in ('created', 'retry', 'active') group by queue`);
      const queues = new Map<string, { due: number; oldestActive: Date | null }>();
      let now: Date | null = null;
      for (const r of rowsOf(res)) {
        now = ms(r.now);
        queues.set(String(r.queue), { due: Number(r.due), oldestActive: ms(r.oldest_active) });
      }
      return { now: now ?? (await this.now()), queues };
    },

    /** Forgets finished jobs: completed ones after 7 days, failed ones (and their dead-letter copies) after 30, as pg-boss archives them. */
    async purge(): Promise<void> {
      await db.execute(sql`
        delete from jobs
        where (state = 'completed' and completed_at < now() - interval '7 days')
           or (state = 'failed' and completed_at < now() - interval '30 days')`);
    },

    /** The database's clock (cron slots are computed from it, like every job time). */
    async now(): Promise<Date> {
      const res = await db.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as t`);
      return new Date(Number(rowsOf(res)[0]!.t));
    },
  };
}
export type JobsRepository = ReturnType<typeof jobsRepository>;

/**
 * pg-boss's way to the database (its `db` option): the app's own pool on PostgreSQL, so pg-boss opens no
 * pool of its own (a test's buildApp opens nothing until a job is sent or read).
 */
export function pgBossExecutor(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } {
  const pool = (db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  return { executeSql: (text, values) => pool.query(text, values) };
}
