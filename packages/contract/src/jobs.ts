import { z } from 'zod';

/**
 * The back office's Jobs page (issue #30, admin only: capability `jobs`): the background queues, their
 * counts, the jobs that failed for good (dead-lettered after their retries) with their error, and a retry.
 *
 * GET  /api/backoffice/jobs                        → {@link ZJobsResponse}
 * GET  /api/backoffice/jobs/{queue}/failed         → {@link ZFailedJobsResponse}
 * POST /api/backoffice/jobs/{queue}/{id}/retry     → {@link ZJobRetryResponse} (audited; retrying a job that is
 *                                                      not failed any more is a 409 with {@link JOBS_MSG.notFailed})
 */
export const JOBS_PREFIX = '/api/backoffice/jobs';

/** Which runner holds the queues: pg-boss on PostgreSQL, the in-process runner on the embedded database. */
export const JOB_DRIVERS = ['pg-boss', 'in-process'] as const;
export const ZJobDriver = z.enum(JOB_DRIVERS);

export const JOBS_MSG = {
  notFailed: 'This job is not failed any more: it was retried or has run.',
  unknownQueue: 'Unknown queue.',
  notFound: 'Job not found.',
} as const;

const count = z.number().int().nonnegative();

export const ZJobQueueSummary = z.strictObject({
  /** The queue's name, e.g. `servicing.daily-run`, `messages.deliver`. */
  name: z.string(),
  /** What the queue does, in a sentence a servicer understands. */
  description: z.string(),
  /** Waiting to run (created or waiting for a retry). */
  queued: count,
  active: count,
  /** Failed for good (out of retries; sent to the dead-letter queue). */
  failed: count,
  completed: count,
  /** The dead-letter queue failed jobs land in, when the queue has one. */
  dead_letter: z.string().nullable(),
  /** A cron schedule when the queue runs on one (in the server's time zone, UTC). */
  schedule: z.string().nullable(),
  retry_limit: count,
  last_failed_at: z.iso.datetime().nullable(),
});
export type TJobQueueSummary = z.infer<typeof ZJobQueueSummary>;

export const ZJobsResponse = z.strictObject({
  driver: ZJobDriver,
  queues: z.array(ZJobQueueSummary),
});
export type TJobsResponse = z.infer<typeof ZJobsResponse>;

export const ZFailedJob = z.strictObject({
  id: z.string(),
  queue: z.string(),
  /** How many times it ran. */
  attempts: count,
  /** The last error's message (never a stack, never the job's data: it may hold personal data). */
  error: z.string(),
  failed_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
  /** A short, non-personal label of what the job was for (e.g. `2035-03-01`, `message 1234`). */
  subject: z.string().nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZFailedJobsResponse = z.strictObject({
  queue: z.string(),
  jobs: z.array(ZFailedJob),
});
export type TFailedJobsResponse = z.infer<typeof ZFailedJobsResponse>;

export const ZJobRetryResponse = z.strictObject({
  id: z.string(),
  queue: z.string(),
  state: z.literal('queued'),
});
export type TJobRetryResponse = z.infer<typeof ZJobRetryResponse>;
