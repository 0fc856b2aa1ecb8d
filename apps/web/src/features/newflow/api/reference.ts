import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZState } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

/** GET /states (public reference data) for the licence and address states. */
export function useStateList() {
  return useQuery({ queryKey: ['reference', 'states'], queryFn: () => apiClient.get('/states', { auth: false, schema: z.array(ZState) }), staleTime: 60 * 60_000 });
}
