import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { checkDefinition, deadLetterOf, errorText, type JobLog, type JobOutcome, type RunnerOptions } from './in-process';
import type { FailedJobRow, JobQueue, QueueCounts, QueueDefinition, RetryAudit, SendOptions } from './port';
import { withJobSpan } from '../lib/tracing';

/** How pg-boss reaches the database: our pool's `query` (pg-boss's `db` option), so it opens no pool of its own. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** pg-boss's schema (docs/architecture.md "Jobs"). */
export const PGBOSS_SCHEMA = 'pgboss';
const S = PGBOSS_SCHEMA;

/** pg-boss's own queue of cron sends (timekeeper.js). */
const SEND_IT = '__pgboss__send-it';

/** A send without a singleton key gets a key of its own (stately queues gate by key; see below). */
const OWN_KEY = '~';

/**
 * The job port on pg-boss 10 (PostgreSQL). Every queue is created with its retry policy and the
 * dead-letter queue `<name>.dead` (created first); its policy is `stately` (at most one created, one retry
 * and one active job per singleton key, pg-boss's unique index): a send with a key first checks that no job
 * with that key is queued or active, and ten parallel sends meet the index, so one job is made. A send
 * without a key gets a unique key of its own, so only keyed sends are gated. Cron schedules are pg-boss's
 * own (`boss.schedule`, UTC; every instance shares them, one job per slot).
 *
 * Two pg-boss instances over the same executor: `open()` makes a client (migrations and queues, no
 * maintenance, no cron), `start()` a worker (maintenance: expiry of crashed jobs, archiving; cron; one
 * pg-boss worker per unit of `concurrency`). Failed jobs stay in `pgboss.job` for 30 days (the Jobs page
 * reads them there; pg-boss's default would archive them after 12 hours).
 */
export function createPgBossQueue(
  executor: SqlExecutor,
  options: RunnerOptions & { maintenanceIntervalSeconds?: number } = {},
): JobQueue & { setLog(log: JobLog): void; exists(queue: string, id: string): Promise<boolean> } {
  const defs = new Map<string, QueueDefinition<unknown>>();
  let log: JobLog | undefined = options.log;
  let client: Promise<PgBoss> | null = null;
  let worker: PgBoss | null = null;
  const created = new Set<string>();
  const base = {
    db: executor as PgBoss.Db,
    schema: S,
    archiveCompletedAfterSeconds: 7 * 86_400,
    archiveFailedAfterSeconds: 30 * 86_400,
    deleteAfterDays: 30,
  };
  const onError = (err: unknown) => log?.error({ err: { message: errorText(err) } }, 'pg-boss error');

  const createQueues = async (boss: PgBoss) => {
    for (const def of defs.values()) {
      if (created.has(def.name)) continue;
      await boss.createQueue(deadLetterOf(def.name), { name: deadLetterOf(def.name), policy: 'standard' });
      await boss.createQueue(def.name, {
        name: def.name,
        policy: 'stately',
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        deadLetter: deadLetterOf(def.name),
      });
      // A queue that exists keeps the options it was created with: bring them to the definition's.
      await boss.updateQueue(def.name, {
        name: def.name,
        policy: 'stately',
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        deadLetter: deadLetterOf(def.name),
      });
      created.add(def.name);
    }
  };

  const open = async (): Promise<PgBoss> =>
    (client ??= (async () => {
      const boss = new PgBoss({ ...base, supervise: false, schedule: false, migrate: true });
      boss.on('error', onError);
      await boss.start();
      // pg-boss's cron queue, created here too so the schema owner makes it at migrate time (jobs/queues.ts).
      await boss.createQueue(SEND_IT, { name: SEND_IT });
      await createQueues(boss);
      return boss;
    })().catch((err: unknown) => {
      client = null;
      throw err;
    }));

  const known = (queue: string) => defs.has(queue) || (queue.endsWith('.dead') && defs.has(queue.slice(0, -5)));
  const uuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

  const handle = (def: QueueDefinition<unknown>) => async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
    for (const job of jobs) {
      const attempt = job.retryCount + 1;
      try {
        await withJobSpan(def.name, () => def.handler(job.data, { id: job.id, queue: def.name, attempt }), { id: job.id, attempt });
        options.onOutcome?.(def.name, 'completed');
      } catch (err) {
        const message = errorText(err);
        const outcome: JobOutcome = job.retryCount < job.retryLimit ? 'retry' : 'failed';
        options.onOutcome?.(def.name, outcome);
        log?.error({ queue: def.name, job: job.id, attempt, err: { message } }, outcome === 'retry' ? 'job failed; retrying' : 'job failed');
        // pg-boss stores what is thrown as the job's output: the message only, never a stack.
        throw Object.assign(new Error(message), { stack: '' });
      }
    }
  };

  const self = {
    driver: 'pg-boss' as const,
    setLog(l: JobLog) {
      log = l;
    },
    define<T>(definition: QueueDefinition<T>) {
      const def = definition as QueueDefinition<unknown>;
      checkDefinition(def, defs);
      defs.set(def.name, def);
    },
    async open() {
      const boss = await open();
      await createQueues(boss);
    },
    async start() {
      if (worker) return;
      await self.open();
      const boss = new PgBoss({
        ...base,
        migrate: false,
        supervise: true,
        schedule: options.schedules ?? true,
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      });
      boss.on('error', onError);
      await boss.start();
      worker = boss;
      const pollingIntervalSeconds = Math.max(0.5, (options.pollMs ?? 1000) / 1000);
      for (const def of defs.values()) {
        for (let i = 0; i < (def.concurrency ?? 1); i += 1)
          await boss.work(def.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, handle(def));
        if (options.schedules ?? true) {
          if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: 'UTC' });
          else await boss.unschedule(def.name);
        }
      }
    },
    async stop(graceMs = 10_000) {
      const w = worker;
      worker = null;
      if (w) await w.stop({ graceful: true, wait: true, timeout: Math.max(1000, graceMs), close: false });
      const c = client;
      client = null;
      created.clear();
      if (c) await (await c.catch(() => null))?.stop({ graceful: false, close: false, wait: true });
    },
    async send<T>(queue: string, data: T, o: SendOptions = {}): Promise<string | null> {
      const def = defs.get(queue);
      if (!def) throw new Error(`unknown queue: ${queue}`);
      const boss = await open();
      if (o.singletonKey !== undefined) {
        // Stately queues allow one created job beside an active one: the port allows none while one is queued or active.
        const { rows } = await executor.executeSql(`select 1 from ${S}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`, [
          queue,
          o.singletonKey,
        ]);
        if (rows.length > 0) return null;
      }
      const singletonKey = o.singletonKey ?? `${OWN_KEY}${randomUUID()}`;
      return boss.send(queue, (data ?? {}) as object, {
        singletonKey,
        ...(o.startAfterSeconds && o.startAfterSeconds > 0 ? { startAfter: o.startAfterSeconds } : {}),
      });
    },
    definitions: () => [...defs.values()],
    async counts(queue: string): Promise<QueueCounts> {
      if (!known(queue)) throw new Error(`unknown queue: ${queue}`);
      await open();
      const { rows } = await executor.executeSql(
        `select
           count(*) filter (where state in ('created', 'retry'))::int as queued,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed,
           count(*) filter (where state = 'completed')::int as completed,
           (extract(epoch from max(completed_on) filter (where state = 'failed')) * 1000)::float8 as last_failed_at
         from ${S}.job where name = $1`,
        [queue],
      );
      const r = rows[0] ?? {};
      return {
        queued: Number(r.queued ?? 0),
        active: Number(r.active ?? 0),
        failed: Number(r.failed ?? 0),
        completed: Number(r.completed ?? 0),
        lastFailedAt: r.last_failed_at === null || r.last_failed_at === undefined ? null : new Date(Number(r.last_failed_at)),
      };
    },
    async failed(queue: string, limit: number): Promise<FailedJobRow[]> {
      if (!known(queue)) throw new Error(`unknown queue: ${queue}`);
      await open();
      const def = defs.get(queue);
      const { rows } = await executor.executeSql(
        `select id::text as id, retry_count, data,
           coalesce(output->>'message', output->'value'->>'message', output->>'value', '') as error,
           (extract(epoch from coalesce(completed_on, started_on, created_on)) * 1000)::float8 as failed_at,
           (extract(epoch from created_on) * 1000)::float8 as created_at
         from ${S}.job where name = $1 and state = 'failed'
         order by completed_on desc nulls last limit $2`,
        [queue, Math.max(1, Math.min(500, limit))],
      );
      return rows.map((r) => ({
        id: String(r.id),
        queue,
        attempts: Number(r.retry_count) + 1,
        error: errorText(String(r.error ?? '')),
        failedAt: new Date(Number(r.failed_at)),
        createdAt: new Date(Number(r.created_at)),
        subject: def?.subject ? safeSubject(def, r.data) : null,
      }));
    },
    async retry(queue: string, id: string, audit?: RetryAudit): Promise<boolean> {
      if (!known(queue)) throw new Error(`unknown queue: ${queue}`);
      if (!uuid(id)) return false;
      await open();
      // pg-boss's own retry keeps the attempts made (and raises the limit): the port starts them over. One
      // statement: the retry, its dead letter's removal and the admin's audit row commit together or not at all.
      try {
        const { rows } = await executor.executeSql(
          `with retried as (
             update ${S}.job set state = 'created', retry_count = 0, started_on = null, completed_on = null, start_after = now(), output = null
             where name = $1 and id = $2::uuid and state = 'failed'
             returning data),
           dead as (
             delete from ${S}.job where name = $3 and id = (
               select d.id from ${S}.job d, retried r where d.name = $3 and d.state = 'created' and d.data is not distinct from r.data order by d.created_on limit 1)
             returning 1),
           audited as (
             insert into public.staff_actions (staff_user_id, action, target_user_id, before, after, at)
             select $4::int, $5::text, null, $6::jsonb, $7::jsonb, $8::timestamptz from retried where $4::int is not null
             returning 1)
           select (select count(*) from retried)::int as n, (select count(*) from dead)::int as dead, (select count(*) from audited)::int as audited`,
          [
            queue,
            id,
            deadLetterOf(queue),
            audit?.staffUserId ?? null,
            audit?.action ?? null,
            audit ? JSON.stringify(audit.before) : null,
            audit ? JSON.stringify(audit.after) : null,
            audit?.at.toISOString() ?? null,
          ],
        );
        return Number(rows[0]?.n ?? 0) > 0;
      } catch (err) {
        // Another job with its key is queued already (the stately index): it is not queued again.
        if ((err as { code?: string }).code === '23505') return false;
        throw err;
      }
    },
    async exists(queue: string, id: string): Promise<boolean> {
      if (!uuid(id)) return false;
      await open();
      const { rows } = await executor.executeSql(`select 1 from ${S}.job where name = $1 and id = $2::uuid`, [queue, id]);
      return rows.length > 0;
    },
  };
  return self;
}

function safeSubject(def: QueueDefinition<unknown>, data: unknown): string | null {
  try {
    return def.subject!(data);
  } catch {
    return null;
  }
}
