import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCancelUnsentResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, loanServicingKey, loanDetailKey } from './keys';

/** A loan whose funding credit was never sent canceled (closed, nothing owed, the credit never sent), with the reason the audit log keeps. */
export function useCancelUnsent(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) => backofficeApi.post(SERVICING_PATHS.cancelUnsent(loanId), body, { schema: ZCancelUnsentResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
    onSettled: () => client.invalidateQueries({ queryKey: loanDetailKey(loanId) }),
  });
}
