import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The in-process job runner's queue (issue #30, apps/server/src/jobs/in-process.ts): one row per job.
 * A job is `created` (or `retry`, waiting for its back-off), then `active` while a worker holds it, then
 * `completed` or `failed` (out of retries). The partial unique index makes a singleton key hold at most one
 * queued or active job per queue. A job failed for good is also copied to `<queue>.dead` (state failed,
 * `dead_letter_of` the original) so the dead-letter queue shows it. On PostgreSQL pg-boss is the driver and
 * these tables stay empty.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    data: jsonb('data').notNull().default({}),
    state: text('state', { enum: ['created', 'retry', 'active', 'completed', 'failed'] })
      .notNull()
      .default('created'),
    singletonKey: text('singleton_key'),
    /** A short, non-personal label for the Jobs page (QueueDefinition.subject). */
    subject: text('subject'),
    retryCount: integer('retry_count').notNull().default(0),
    retryLimit: integer('retry_limit').notNull().default(0),
    startAfter: timestamp('start_after', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastError: text('last_error'),
    deadLetterOf: bigint('dead_letter_of', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_queue_singleton_key')
      .on(t.queue, t.singletonKey)
      .where(sql`${t.state} in ('created', 'retry', 'active')`),
    index('jobs_queue_state_start_after_idx').on(t.queue, t.state, t.startAfter),
    index('jobs_dead_letter_of_idx').on(t.deadLetterOf),
    check('jobs_state_valid', sql`${t.state} in ('created', 'retry', 'active', 'completed', 'failed')`),
    check('jobs_retry_count_valid', sql`${t.retryCount} >= 0 and ${t.retryLimit} >= 0`),
  ],
);

/** The cron slots already sent, one row per scheduled queue: `last_slot` only moves forward, once per slot across instances. */
export const jobSchedules = pgTable('job_schedules', {
  queue: text('queue').primaryKey(),
  cron: text('cron').notNull(),
  lastSlot: timestamp('last_slot', { withTimezone: true }).notNull(),
});
