import cronParser from 'cron-parser';
import type { FailedJobRow, JobQueue, QueueCounts, QueueDefinition, RetryAudit, SendOptions } from './port';
import type { JobsRepository } from './repository';
import { withJobSpan } from '../lib/tracing';

export type JobLog = { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
export type JobOutcome = 'completed' | 'retry' | 'failed';

export type RunnerOptions = {
  /** How often a started runner looks for due jobs, expired claims and cron slots. */
  pollMs?: number;
  /** Whether a started runner sends the queues' cron jobs (off in tests unless they ask). */
  schedules?: boolean;
  log?: JobLog;
  /** Called after every attempt (metrics). */
  onOutcome?: (queue: string, outcome: JobOutcome) => void;
};

/** The dead-letter queue of a queue. */
export const deadLetterOf = (queue: string): string => `${queue}.dead`;

/** The delay before retry `attempt` (1 = the first retry): `retryDelay * 2^(attempt-1)` with back-off. */
export function retryDelaySeconds(def: Pick<QueueDefinition<unknown>, 'retryDelaySeconds' | 'retryBackoff'>, attempt: number): number {
  return def.retryBackoff ? def.retryDelaySeconds * 2 ** Math.max(0, attempt - 1) : def.retryDelaySeconds;
}

/** The latest cron slot at or before `at` (UTC). */
export function latestSlot(cron: string, at: Date): Date {
  const it = cronParser.parseExpression(cron, { currentDate: new Date(at.getTime() + 1), tz: 'UTC' });
  return it.prev().toDate();
}

/** A job's error as the Jobs page shows it: the message only (never a stack or the job's data), at most 1,000 characters. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'failed';

export function checkDefinition(def: QueueDefinition<unknown>, known: ReadonlyMap<string, unknown>): void {
  if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(def.name) || def.name.endsWith('.dead')) throw new Error(`not a queue name: ${def.name}`);
  if (known.has(def.name)) throw new Error(`queue defined twice: ${def.name}`);
  if (def.schedule) cronParser.parseExpression(def.schedule, { tz: 'UTC' }); // throws on a bad expression
}

/**
 * The job port on a table of our own (`jobs`, jobs/repository.ts): the embedded database's driver, and the
 * same SQL would run on PostgreSQL. A started runner polls every `pollMs` (and at once after a send or a
 * finished job): it sends due cron slots (once per slot across instances: `job_schedules`), puts claims
 * older than `expireInSeconds` back as a failed attempt (crash recovery), and claims up to `concurrency`
 * due jobs per queue (`FOR UPDATE SKIP LOCKED`). A throw is retried with back-off until `retryLimit`, then
 * the job is failed and copied to `<queue>.dead`. An idle poll is one plain read (it writes nothing, so the
 * embedded caches keep); finished jobs are forgotten after 7 (completed) or 30 days (failed), hourly.
 */
export function createInProcessQueue(
  repo: JobsRepository,
  options: RunnerOptions = {},
): JobQueue & { setLog(log: JobLog): void; exists(queue: string, id: string): Promise<boolean> } {
  const defs = new Map<string, QueueDefinition<unknown>>();
  const running = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let log: JobLog | undefined = options.log;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;
  const pollMs = options.pollMs ?? 1000;

  const known = (queue: string) => defs.has(queue) || (queue.endsWith('.dead') && defs.has(queue.slice(0, -5)));

  const work = async (def: QueueDefinition<unknown>, job: { id: string; data: unknown; retryCount: number; token: string }) => {
    const attempt = job.retryCount + 1;
    try {
      await withJobSpan(def.name, () => def.handler(job.data, { id: job.id, queue: def.name, attempt }), { id: job.id, attempt });
      await repo.complete(job.id, job.token);
      options.onOutcome?.(def.name, 'completed');
    } catch (err) {
      const message = errorText(err);
      const state = await repo.fail(job.id, job.token, message, retryDelaySeconds(def, attempt), deadLetterOf(def.name)).catch(() => null);
      if (state) options.onOutcome?.(def.name, state);
      log?.error({ queue: def.name, job: job.id, attempt, err: { message } }, state === 'retry' ? 'job failed; retrying' : 'job failed');
    }
  };

  /** The cron slot each scheduled queue last sent (or found sent) in this process: the slot table is written once per slot. */
  const slots = new Map<string, number>();

  let purgedAt = 0;

  const tickOnce = async () => {
    const { now, queues } = await repo.poll();
    if (now.getTime() - purgedAt > 3_600_000) {
      purgedAt = now.getTime();
      await repo.purge();
    }
    for (const def of defs.values()) {
      if (!started) return;
      if (options.schedules && def.schedule) {
        const slot = latestSlot(def.schedule, now);
        if (slots.get(def.name) !== slot.getTime()) {
          slots.set(def.name, slot.getTime());
          if (await repo.takeSlot(def.name, def.schedule, slot)) await send(def.name, {}, { singletonKey: `cron:${slot.toISOString()}` });
        }
      }
      const q = queues.get(def.name);
      if (!q) continue;
      if (q.oldestActive && now.getTime() - q.oldestActive.getTime() > def.expireInSeconds * 1000) {
        for (const e of await repo.expired(def.name, def.expireInSeconds)) {
          const state = await repo.fail(
            e.id,
            e.token,
            `expired after ${def.expireInSeconds} s (the worker stopped or crashed)`,
            retryDelaySeconds(def, e.retryCount + 1),
            deadLetterOf(def.name),
          );
          if (state) options.onOutcome?.(def.name, state);
          if (state === 'retry') again = true; // due at once when its delay is 0
        }
      }
      const free = (def.concurrency ?? 1) - (running.get(def.name) ?? 0);
      if (free <= 0 || q.due === 0) continue;
      for (const job of await repo.claim(def.name, free)) {
        running.set(def.name, (running.get(def.name) ?? 0) + 1);
        const p: Promise<void> = work(def, job).finally(() => {
          running.set(def.name, (running.get(def.name) ?? 1) - 1);
          inFlight.delete(p);
          poke();
        });
        inFlight.add(p);
      }
    }
  };

  /** One pass at a time; a poke during a pass runs one more pass after it. */
  const poke = () => {
    if (!started) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tickOnce()
      .catch((err: unknown) => log?.error({ err: { message: errorText(err) } }, 'job runner pass failed'))
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          poke();
        }
      });
  };

  const send = async <T>(queue: string, data: T, o: SendOptions = {}): Promise<string | null> => {
    const def = defs.get(queue);
    if (!def) throw new Error(`unknown queue: ${queue}`);
    const id = await repo.insert({
      queue,
      data: data ?? {},
      singletonKey: o.singletonKey ?? null,
      subject: def.subject ? def.subject(data) : null,
      retryLimit: def.retryLimit,
      startAfterSeconds: Math.max(0, o.startAfterSeconds ?? 0),
    });
    if (id && (o.startAfterSeconds ?? 0) <= 0) poke();
    return id;
  };

  return {
    driver: 'in-process',
    setLog(l) {
      log = l;
    },
    define<T>(definition: QueueDefinition<T>) {
      const def = definition as QueueDefinition<unknown>;
      checkDefinition(def, defs);
      defs.set(def.name, def);
    },
    open: async () => undefined, // the tables come with the migrations
    async start() {
      if (started) return;
      started = true;
      timer = setInterval(poke, pollMs);
      timer.unref();
      poke();
    },
    async stop(graceMs = 10_000) {
      started = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([ticking, ...inFlight]),
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, graceMs);
          grace.unref();
        }),
      ]);
      clearTimeout(grace);
    },
    send,
    definitions: () => [...defs.values()],
    async counts(queue: string): Promise<QueueCounts> {
      if (!known(queue)) throw new Error(`unknown queue: ${queue}`);
      return repo.counts(queue);
    },
    async failed(queue: string, limit: number): Promise<FailedJobRow[]> {
      if (!known(queue)) throw new Error(`unknown queue: ${queue}`);
      return repo.failed(queue, Math.max(1, Math.min(500, limit)));
    },
    exists: (queue: string, id: string) => repo.exists(queue, id),
    async retry(queue: string, id: string, audit?: RetryAudit): Promise<boolean> {
      if (!known(queue)) throw new Error(`unknown queue: ${queue}`);
      const ok = await repo.retry(queue, id, audit);
      if (ok) poke();
      return ok;
    },
  };
}
