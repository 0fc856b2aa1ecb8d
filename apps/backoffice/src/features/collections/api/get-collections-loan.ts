import { useQuery } from '@tanstack/react-query';
import { ZCollectionsLoan } from '@payrail/contract/collections';
import { backofficeApi } from '../../../lib/api-client';
import { collectionsKeys } from './keys';

/** GET /api/backoffice/collections/loans/:loanId: the loan's collections view. */
export function useCollectionsLoan(loanId: number | null) {
  return useQuery({
    queryKey: collectionsKeys.loan(loanId ?? 0),
    queryFn: () => backofficeApi.get(`/collections/loans/${loanId}`, { schema: ZCollectionsLoan }),
    enabled: loanId !== null,
  });
}
