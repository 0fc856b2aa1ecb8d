import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCollectionsLoan, ZCollectionsQueue } from '@payrail/contract/collections';
import type { TCollectionsLoan, TLogContactRequest, TNoteRequest, TPromiseRequest, TRecoveryRequest } from '@payrail/contract/collections';
import { backofficeApi } from '../../../lib/api-client';

export type QueueBucket = '1-29' | '30-59' | '60-89' | '90-119' | '120+';

export const collectionsKeys = {
  queue: (bucket: QueueBucket | 'all', cursor: string | null) => ['collections', 'queue', bucket, cursor ?? ''] as const,
  loan: (loanId: number) => ['collections', 'loan', loanId] as const,
};

/** GET /api/backoffice/collections/queue: counts per bucket and one keyset page (collect). */
export function useCollectionsQueue(bucket: QueueBucket | 'all', cursor: string | null) {
  return useQuery({
    queryKey: collectionsKeys.queue(bucket, cursor),
    queryFn: () =>
      backofficeApi.get('/collections/queue', {
        schema: ZCollectionsQueue,
        query: { per_page: 25, ...(bucket === 'all' ? {} : { bucket }), ...(cursor ? { cursor } : {}) },
      }),
  });
}

/** GET /api/backoffice/collections/loans/:loanId: the loan's collections view. */
export function useCollectionsLoan(loanId: number | null) {
  return useQuery({
    queryKey: collectionsKeys.loan(loanId ?? 0),
    queryFn: () => backofficeApi.get(`/collections/loans/${loanId}`, { schema: ZCollectionsLoan }),
    enabled: loanId !== null,
  });
}

function useDeskAction<B>(loanId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => backofficeApi.post(`/collections/loans/${loanId}/${path}`, body, { schema: ZCollectionsLoan }),
    onSuccess: (view: TCollectionsLoan) => {
      queryClient.setQueryData(collectionsKeys.loan(loanId), view);
      void queryClient.invalidateQueries({ queryKey: ['collections', 'queue'] });
    },
  });
}

/** POST …/contacts: refused (422 with the reason) at an inconvenient hour or past the call limits. */
export const useLogContact = (loanId: number) => useDeskAction<TLogContactRequest>(loanId, 'contacts');
export const useRecordPromise = (loanId: number) => useDeskAction<TPromiseRequest>(loanId, 'promises');
export const useAddNote = (loanId: number) => useDeskAction<TNoteRequest>(loanId, 'notes');
export const useRecordRecovery = (loanId: number) => useDeskAction<TRecoveryRequest>(loanId, 'recoveries');
