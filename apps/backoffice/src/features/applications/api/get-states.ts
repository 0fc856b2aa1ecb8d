import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { backofficeApi } from '../../../lib/api-client';
import { ZState } from '@payrail/contract/reference';

/** GET /api/states (public). */
export function useStates() {
  return useQuery({
    queryKey: ['reference', 'states'],
    queryFn: () => backofficeApi.get('/states', { base: 'public', auth: false, schema: z.array(ZState) }),
    staleTime: Infinity,
  });
}
