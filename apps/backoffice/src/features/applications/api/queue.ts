import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { compactQuery } from '../../../lib/query';
import { ZQueueResponse } from '@payrail/contract/backoffice';
import type { QUEUE_SORTS, SORT_DIRS, TQueueResponse } from '@payrail/contract/backoffice';

/** The queue call's parameters (the contract's ZQueueQuery, typed as the page builds them). */
export interface QueueParams {
  status?: string;
  employer_id?: number;
  state_id?: number;
  age_days_min?: number;
  age_days_max?: number;
  sort?: (typeof QUEUE_SORTS)[number];
  dir?: (typeof SORT_DIRS)[number];
  page?: number;
  per_page?: number;
  /** Only approved, signed applications without a loan yet (the servicer's list). */
  ready_to_fund?: 'true';
}

/** GET /api/backoffice/applications?status&employer_id&state_id&age_days_min&age_days_max&ready_to_fund&sort&dir&page&per_page */
export function getQueue(params: QueueParams): Promise<TQueueResponse> {
  return backofficeApi.get('/applications', { query: compactQuery(params), schema: ZQueueResponse });
}

export function useQueue(params: QueueParams) {
  return useQuery({ queryKey: ['backoffice', 'queue', params], queryFn: () => getQueue(params), placeholderData: keepPreviousData });
}
