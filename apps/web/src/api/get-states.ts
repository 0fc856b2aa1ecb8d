import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZState } from '@payrail/contract/reference';
import type { TState } from '@payrail/contract/reference';
import { apiClient } from '../lib/api-client';
import type { QueryConfig } from './query-config';

/** GET {api}/states: every state, with whether Payrail lends there yet. Public reference data (no token). */
export function getStates(): Promise<TState[]> {
  return apiClient.get('/states', { auth: false, schema: z.array(ZState) });
}

export const statesQueryOptions = () => queryOptions({ queryKey: ['reference', 'states'], queryFn: getStates, staleTime: 60 * 60_000 });

export function useStates(config: QueryConfig = {}) {
  return useQuery({ ...statesQueryOptions(), ...config });
}
