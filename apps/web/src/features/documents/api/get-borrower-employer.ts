import { useQuery } from '@tanstack/react-query';
import { ZEmployerEntrypoint } from '@payrail/contract/application';
import type { TEmployerEntrypoint } from '@payrail/contract/application';
import { ZEmployer } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

export interface BorrowerEmployer {
  entrypoint: TEmployerEntrypoint;
  /** The employer row (type, payment type, pay-stub help, video); null when none is chosen. */
  employer: TEmployer | null;
}

/** GET /employer_entrypoint, then GET /employers/{id}: the borrower's employer for the pay-stub help. */
export async function getBorrowerEmployer(): Promise<BorrowerEmployer> {
  const entrypoint = await apiClient.get('/employer_entrypoint', { base: 'flow', schema: ZEmployerEntrypoint });
  if (entrypoint.employer_id === null) return { entrypoint, employer: null };
  const employer = await apiClient.get(`/employers/${entrypoint.employer_id}`, { base: 'flow', schema: ZEmployer });
  return { entrypoint, employer };
}

export function useBorrowerEmployer() {
  return useQuery({ queryKey: ['documents', 'borrower-employer'], queryFn: getBorrowerEmployer, staleTime: 60_000 });
}
