import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCancelUndeliveredResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, loanServicingKey, loanDetailKey } from './keys';

/** A loan whose money never arrived canceled (closed, nothing owed), with the reason the audit log keeps. */
export function useCancelUndelivered(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) => backofficeApi.post(SERVICING_PATHS.cancelUndelivered(loanId), body, { schema: ZCancelUndeliveredResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
    onSettled: () => client.invalidateQueries({ queryKey: loanDetailKey(loanId) }),
  });
}
