import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EMPLOYER_SEARCH_MIN, ZEmployer } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { apiClient } from '../lib/api-client';

/** GET {api}/employers?search=: the listed employers whose name matches. */
export function searchEmployers(search: string, signal?: AbortSignal): Promise<TEmployer[]> {
  return apiClient.get('/employers', { query: { search }, schema: z.array(ZEmployer), ...(signal ? { signal } : {}) });
}

export const employerSearchQueryOptions = (search: string) => {
  const term = search.trim();
  return queryOptions({
    queryKey: ['employers', 'search', term.toLowerCase()],
    queryFn: ({ signal }) => searchEmployers(term, signal),
    staleTime: 60_000,
    retry: false,
  });
};

/** Nothing is asked below the minimum length (spec §9). */
export function useEmployerSearch(search: string) {
  return useQuery({ ...employerSearchQueryOptions(search), enabled: search.trim().length >= EMPLOYER_SEARCH_MIN });
}
