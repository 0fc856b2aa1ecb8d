import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementName, TAgreementDocumentWithBody } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

/**
 * GET {api}/agreement_document?agreement=…[&state=…]; public, so no token is sent. The answer's schema
 * loads with the request: the sign-up form's links ask for their documents, and the page's first load
 * stays without zod (docs/architecture.md).
 */
export function getAgreementDocument(agreement: AgreementName, state?: string): Promise<TAgreementDocumentWithBody> {
  return apiClient.get('/agreement_document', {
    query: { agreement, state },
    auth: false,
    schema: import('@payrail/contract/reference').then((contract) => contract.ZAgreementDocumentWithBody),
  });
}

export const agreementDocumentQueryOptions = (agreement: AgreementName, state?: string) =>
  queryOptions({
    queryKey: ['agreements', 'document', agreement, state ?? null],
    queryFn: () => getAgreementDocument(agreement, state),
    // Legal texts change rarely; one fetch per visit is enough.
    staleTime: 10 * 60_000,
  });

export function useAgreementDocument(agreement: AgreementName, state?: string) {
  return useQuery(agreementDocumentQueryOptions(agreement, state));
}
