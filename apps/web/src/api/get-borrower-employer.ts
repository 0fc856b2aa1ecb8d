import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmployerEntrypoint } from '@payrail/contract/application';
import type { TEmployer } from '@payrail/contract/reference';
import { getEmployer } from './get-employer';
import { getEmployerEntrypoint } from './get-employer-entrypoint';

export interface BorrowerEmployer {
  entrypoint: TEmployerEntrypoint;
  /** The employer row (type, payment type, pay-stub help, video); null when none is chosen. */
  employer: TEmployer | null;
}

/** GET {flow}/employer_entrypoint, then GET {flow}/employers/{id}: the borrower's own employer. */
export async function getBorrowerEmployer(): Promise<BorrowerEmployer> {
  const entrypoint = await getEmployerEntrypoint();
  if (entrypoint.employer_id === null) return { entrypoint, employer: null };
  return { entrypoint, employer: await getEmployer(entrypoint.employer_id) };
}

export const borrowerEmployerQueryOptions = () => queryOptions({ queryKey: ['borrower-employer'], queryFn: getBorrowerEmployer, staleTime: 60_000 });

/** The borrower's employer for the documents' pay-stub help and the allotment wording. */
export function useBorrowerEmployer() {
  return useQuery(borrowerEmployerQueryOptions());
}
