import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCollectionsLoan } from '@payrail/contract/collections';
import type { TCollectionsLoan } from '@payrail/contract/collections';
import { backofficeApi } from '../../../lib/api-client';
import { collectionsKeys } from './keys';

/** A desk action on one loan (POST /api/backoffice/collections/loans/:loanId/<path>): the answer is the loan's new view; the queue is read again. */
export function useDeskAction<B>(loanId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => backofficeApi.post(`/collections/loans/${loanId}/${path}`, body, { schema: ZCollectionsLoan }),
    onSuccess: (view: TCollectionsLoan) => {
      queryClient.setQueryData(collectionsKeys.loan(loanId), view);
      void queryClient.invalidateQueries({ queryKey: ['collections', 'queue'] });
    },
  });
}
