import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZFailedJobsResponse, ZJobRetryResponse, ZJobsResponse } from '@payrail/contract/jobs';
import { backofficeApi } from '../../../lib/api-client';

/** The page is a live view: counts and failed lists are read again this often while it is open. */
const LIVE_MS = 5_000;

/** Under one root key: a retry refreshes the queue counts and every failed list at once. */
export const jobsKeys = {
  all: ['backoffice', 'jobs'] as const,
  queues: ['backoffice', 'jobs', 'queues'] as const,
  failed: (queue: string) => ['backoffice', 'jobs', 'failed', queue] as const,
};

const queuePath = (queue: string) => `/jobs/${encodeURIComponent(queue)}`;

/** GET /api/backoffice/jobs (admin): the driver and every queue with its counts. */
export function useJobQueues() {
  return useQuery({ queryKey: jobsKeys.queues, queryFn: () => backofficeApi.get('/jobs', { schema: ZJobsResponse }), refetchInterval: LIVE_MS });
}

/** GET /api/backoffice/jobs/{queue}/failed (admin): the queue's jobs that failed for good, with their error. */
export function useFailedJobs(queue: string) {
  return useQuery({
    queryKey: jobsKeys.failed(queue),
    queryFn: () => backofficeApi.get(`${queuePath(queue)}/failed`, { schema: ZFailedJobsResponse }),
    refetchInterval: LIVE_MS,
  });
}

/**
 * POST /api/backoffice/jobs/{queue}/{id}/retry (admin; audited) with an `Idempotency-Key` the caller keeps
 * for the attempt. Success or refusal, the counts and failed lists are read again (a 409 means the job moved on).
 */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id, idempotencyKey }: { queue: string; id: string; idempotencyKey: string }) =>
      backofficeApi.post(`${queuePath(queue)}/${encodeURIComponent(id)}/retry`, undefined, {
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: ZJobRetryResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}
