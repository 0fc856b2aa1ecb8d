/**
 * The job port (issue #30): background work as named queues. On PostgreSQL it is pg-boss 10
 * (`pg-boss.ts`); on the embedded database the in-process runner (`in-process.ts`) gives the same
 * semantics over a table of its own (docs/architecture.md, "Jobs"). Use cases never see which.
 *
 * - A queue is defined once, before `start()`, with its retry policy and handler. A handler that throws
 *   is retried `retryLimit` times (with exponential back-off when `retryBackoff`), then the job is
 *   *failed* for good and copied to the queue's dead-letter queue (`<name>.dead`), where the Jobs page
 *   shows it and an admin can retry it.
 * - `send` with a `singletonKey` creates at most one job per (queue, key) that is queued or active: ten
 *   parallel sends of the daily run for one business date make one job (the others answer `null`).
 * - `schedule(name, cron)` sends a job on a cron schedule (UTC); several instances share one schedule.
 * - Handlers must be idempotent: a job can run again after a crash (at-least-once); the work itself
 *   makes the second run a no-op (the daily run's claims, a message's idempotency key).
 */
export type JobContext = { id: string; queue: string; attempt: number };
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export type QueueDefinition<T> = {
  name: string;
  /** What the queue does, shown on the Jobs page. */
  description: string;
  /** Runs after the first attempt fails; 0: no retry. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job running longer than this is considered crashed and retried. */
  expireInSeconds: number;
  /** How many jobs of this queue one instance runs at once. */
  concurrency?: number;
  /** A cron schedule (UTC) that sends `{}` jobs, singleton per slot. */
  schedule?: string;
  /** A short, non-personal label of a job for the Jobs page (e.g. the business date). */
  subject?: (data: T) => string | null;
  handler: JobHandler<T>;
};

export type SendOptions = { singletonKey?: string; startAfterSeconds?: number };

/** The staff action recorded with an admin's retry, written in the same statement/transaction as the retry. */
export type RetryAudit = { staffUserId: number; action: string; before: Record<string, unknown>; after: Record<string, unknown>; at: Date };

export type QueueCounts = { queued: number; active: number; failed: number; completed: number; lastFailedAt: Date | null };
export type FailedJobRow = { id: string; queue: string; attempts: number; error: string; failedAt: Date; createdAt: Date; subject: string | null };

export interface JobQueue {
  readonly driver: 'pg-boss' | 'in-process';
  /** Registers a queue and its handler; call before `start()`. */
  define<T>(definition: QueueDefinition<T>): void;
  /** Creates what the driver needs (schema, queues, schedules) without working jobs; `send` works after it. Idempotent. */
  open(): Promise<void>;
  /** Opens, then works the defined queues in this process until `stop()`. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  /** Queues a job; with a `singletonKey`, `null` when one is already queued or active for that key. */
  send<T>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  definitions(): readonly QueueDefinition<unknown>[];
  counts(queue: string): Promise<QueueCounts>;
  failed(queue: string, limit: number): Promise<FailedJobRow[]>;
  /**
   * Queues a failed job again (attempts start over); false when it is not failed (any more). With `audit`,
   * the staff action is written atomically with the retry: both or neither.
   */
  retry(queue: string, id: string, audit?: RetryAudit): Promise<boolean>;
}
