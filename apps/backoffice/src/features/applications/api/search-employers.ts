import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { backofficeApi } from '../../../lib/api-client';
import { EMPLOYER_SEARCH_MIN } from '@payrail/contract/reference';

const ZEmployerOption = z.object({ id: z.number().int(), name: z.string() });
export type TEmployerOption = z.infer<typeof ZEmployerOption>;

/** GET /api/employers?search= (public; answers nothing under three characters). */
export function useEmployerSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['reference', 'employers', text],
    queryFn: () => backofficeApi.get('/employers', { base: 'public', auth: false, query: { search: text }, schema: z.array(ZEmployerOption.loose()) }),
    enabled: text.length >= EMPLOYER_SEARCH_MIN,
    staleTime: 60_000,
  });
}
