import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZHardshipDetail } from '@payrail/contract/hardship';
import type { THardshipDecisionRequest } from '@payrail/contract/hardship';
import { backofficeApi } from '../../../lib/api-client';
import { hardshipKeys } from './keys';

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
