import { useQuery } from '@tanstack/react-query';
import { ZRepresentativeExample } from '@payrail/contract/application';
import type { TRepresentativeExample } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** GET /representative_example (public): our APR range, amounts, terms and a worked example, from the loan engine. */
export function getRepresentativeExample(): Promise<TRepresentativeExample> {
  return apiClient.get('/representative_example', { auth: false, globalErrors: false, schema: ZRepresentativeExample });
}

export function useRepresentativeExample() {
  return useQuery({ queryKey: ['marketing', 'representative-example'], queryFn: getRepresentativeExample, staleTime: 60 * 60 * 1000 });
}
