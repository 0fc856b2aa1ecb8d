import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEmployerEntrypoint } from '@payrail/contract/application';
import type { TEmployerEntrypoint } from '@payrail/contract/application';
import { apiClient } from '../lib/api-client';
import type { QueryConfig } from './query-config';

/** GET {flow}/employer_entrypoint: the employer step's answers (employer, employee id, income source, time range). */
export function getEmployerEntrypoint(): Promise<TEmployerEntrypoint> {
  return apiClient.get('/employer_entrypoint', { base: 'flow', schema: ZEmployerEntrypoint });
}

/** Read afresh on every screen that shows it: the employer step and the review change it. */
export const employerEntrypointQueryOptions = () => queryOptions({ queryKey: ['employer-entrypoint'], queryFn: getEmployerEntrypoint, staleTime: 0 });

export function useEmployerEntrypoint(config: QueryConfig = {}) {
  return useQuery({ ...employerEntrypointQueryOptions(), ...config });
}
