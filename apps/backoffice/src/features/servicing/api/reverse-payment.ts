import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZReversalResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, loanServicingKey } from './keys';

export function useReversePayment(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { entry_id: number; reason: string }) => backofficeApi.post(SERVICING_PATHS.reversals(loanId), body, { schema: ZReversalResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
  });
}
