import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEmployer } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { apiClient } from '../lib/api-client';
import type { QueryConfig } from './query-config';

/** GET {flow}/employers/{id}: the employer row (name, partnership, payment type, pay-stub help). */
export function getEmployer(id: number): Promise<TEmployer> {
  return apiClient.get(`/employers/${id}`, { base: 'flow', schema: ZEmployer });
}

export const employerQueryOptions = (id: number) => queryOptions({ queryKey: ['employers', id], queryFn: () => getEmployer(id), staleTime: 5 * 60_000 });

/** The employer with this id; idle without one. */
export function useEmployer(id: number | null | undefined, config: QueryConfig = {}) {
  return useQuery({ ...employerQueryOptions(id ?? 0), enabled: typeof id === 'number', ...config });
}
