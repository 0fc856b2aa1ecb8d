import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZHardshipDetail, ZHardshipQueue } from '@payrail/contract/hardship';
import type { HardshipStatus, THardshipDecisionRequest } from '@payrail/contract/hardship';
import { backofficeApi } from '../../../lib/api-client';

export const hardshipKeys = {
  queue: (status: HardshipStatus | undefined) => ['hardship', 'queue', status ?? 'all'] as const,
  detail: (id: number) => ['hardship', 'detail', id] as const,
};

/** GET /api/backoffice/hardship_requests?status=: the hardship queue (read). */
export function useHardshipQueue(status: HardshipStatus | undefined) {
  return useQuery({
    queryKey: hardshipKeys.queue(status),
    queryFn: () => backofficeApi.get('/hardship_requests', { schema: ZHardshipQueue, ...(status ? { query: { status } } : {}) }),
  });
}

/** GET /api/backoffice/hardship_requests/:id: the request, the borrower, the loan's position, the plans. */
export function useHardshipDetail(id: number) {
  return useQuery({ queryKey: hardshipKeys.detail(id), queryFn: () => backofficeApi.get(`/hardship_requests/${id}`, { schema: ZHardshipDetail }) });
}

/** POST /api/backoffice/hardship_requests/:id/decision (servicer, admin; audited). */
export function useDecideHardship(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: THardshipDecisionRequest) => backofficeApi.post(`/hardship_requests/${id}/decision`, body, { schema: ZHardshipDetail }),
    onSuccess: (detail) => {
      queryClient.setQueryData(hardshipKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['hardship', 'queue'] });
    },
  });
}

/** A document attached to the request, as a blob (the server audits the view as `view_document`). */
export function fetchHardshipDocument(id: number, documentId: number): Promise<Blob> {
  return backofficeApi.get(`/hardship_requests/${id}/documents/${documentId}`, { responseType: 'blob', headers: { Accept: '*/*' } });
}
