import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryValue } from '@web-lib/http-client';
import { backofficeApi } from '../../../lib/api-client';
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
}

/** Only the parameters that are set, for a query string. */
export function compactQuery(params: object): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    query[key] = value as QueryValue;
  }
  return query;
}

/** GET /api/backoffice/applications?status&employer_id&state_id&age_days_min&age_days_max&sort&dir&page&per_page */
export function getQueue(params: QueueParams): Promise<TQueueResponse> {
  return backofficeApi.get('/applications', { query: compactQuery(params), schema: ZQueueResponse });
}

export function useQueue(params: QueueParams) {
  return useQuery({ queryKey: ['backoffice', 'queue', params], queryFn: () => getQueue(params), placeholderData: keepPreviousData });
}
