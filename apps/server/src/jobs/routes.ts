import {
  JOBS_MSG,
  ZFailedJobsResponse,
  ZJobRetryResponse,
  ZJobsResponse,
  type TFailedJobsResponse,
  type TJobRetryResponse,
  type TJobsResponse,
} from '@payrail/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { staffOf } from '../modules/staff/staff-guard';
import type { TStaffMember } from '@payrail/contract/staff';
import { deadLetterOf } from './in-process';

const ZQueueParams = z.strictObject({ queue: z.string().min(1).max(120) });
const ZJobParams = z.strictObject({ queue: z.string().min(1).max(120), id: z.string().min(1).max(64) });
const ZFailedQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(200).optional() });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function definitionOf(ctx: AppContext, queue: string) {
  const def = ctx.jobs.definitions().find((d) => d.name === queue);
  if (!def) throw new AppError('not_found', JOBS_MSG.unknownQueue);
  return def;
}

/** GET /jobs: every queue with its counts (read now from the driver). */
export async function listQueues(ctx: AppContext): Promise<TJobsResponse> {
  const queues = await Promise.all(
    ctx.jobs.definitions().map(async (d) => {
      const c = await ctx.jobs.counts(d.name);
      return {
        name: d.name,
        description: d.description,
        queued: c.queued,
        active: c.active,
        failed: c.failed,
        completed: c.completed,
        dead_letter: deadLetterOf(d.name),
        schedule: d.schedule ?? null,
        retry_limit: d.retryLimit,
        last_failed_at: iso(c.lastFailedAt),
      };
    }),
  );
  return { driver: ctx.jobs.driver, queues };
}

/** GET /jobs/{queue}/failed: the jobs that failed for good, newest first, with their last error. */
export async function listFailed(ctx: AppContext, queue: string, limit: number): Promise<TFailedJobsResponse> {
  definitionOf(ctx, queue);
  const rows = await ctx.jobs.failed(queue, limit);
  return {
    queue,
    jobs: rows.map((r) => ({
      id: r.id,
      queue: r.queue,
      attempts: r.attempts,
      error: r.error,
      failed_at: r.failedAt.toISOString(),
      created_at: r.createdAt.toISOString(),
      subject: r.subject,
    })),
  };
}

/** POST /jobs/{queue}/{id}/retry: a failed job queued again (attempts start over), audited in the same transaction. */
export async function retryJob(ctx: AppContext, staff: TStaffMember, queue: string, id: string): Promise<TJobRetryResponse> {
  definitionOf(ctx, queue);
  if (!/^[0-9a-f-]{1,64}$/i.test(id)) throw new AppError('not_found', JOBS_MSG.notFound);
  const audit = { staffUserId: staff.id, action: 'job_retried', before: { queue, id, state: 'failed' }, after: { queue, id, state: 'queued' }, at: ctx.now() };
  if (!(await ctx.jobs.retry(queue, id, audit))) {
    if (!(await ctx.jobs.exists(queue, id))) throw new AppError('not_found', JOBS_MSG.notFound);
    throw new AppError('conflict', JOBS_MSG.notFailed);
  }
  return { id, queue, state: 'queued' };
}

/** The Jobs page's API under /api/backoffice (capability `jobs`, admin only; packages/contract/src/jobs.ts). */
export function jobsBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const jobs = { staff: 'jobs' } as const;
  return async (app) => {
    app.get('/jobs', { config: jobs, schema: { response: { 200: ZJobsResponse } } }, async () => listQueues(ctx));
    app.get(
      '/jobs/:queue/failed',
      { config: jobs, schema: { params: ZQueueParams, querystring: ZFailedQuery, response: { 200: ZFailedJobsResponse } } },
      async (req) => listFailed(ctx, req.params.queue, req.query.limit ?? 100),
    );
    app.post('/jobs/:queue/:id/retry', { config: jobs, schema: { params: ZJobParams, response: { 200: ZJobRetryResponse } } }, async (req) =>
      retryJob(ctx, staffOf(req), req.params.queue, req.params.id),
    );
  };
}
