import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAgreementDocumentWithBody } from '@payrail/contract/reference';
import type { AgreementName, TAgreementDocumentWithBody } from '@payrail/contract/reference';
import { apiClient } from '../../../lib/api-client';

/** GET {api}/agreement_document?agreement=…[&state=…]; public, so no token is sent. */
export function getAgreementDocument(agreement: AgreementName, state?: string): Promise<TAgreementDocumentWithBody> {
  return apiClient.get('/agreement_document', { query: { agreement, state }, auth: false, schema: ZAgreementDocumentWithBody });
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
