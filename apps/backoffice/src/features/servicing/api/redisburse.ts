import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRedisburseResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, loanServicingKey, loanDetailKey } from './keys';

/**
 * A returned disbursement sent again to the borrower's corrected account. The caller keeps one
 * Idempotency-Key per attempt until the server answers, so a retry after a lost answer sends one credit.
 */
export function useRedisburse(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      backofficeApi.post(SERVICING_PATHS.redisburse(loanId), undefined, { headers: { 'Idempotency-Key': idempotencyKey }, schema: ZRedisburseResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
    onSettled: () => client.invalidateQueries({ queryKey: loanDetailKey(loanId) }),
  });
}
