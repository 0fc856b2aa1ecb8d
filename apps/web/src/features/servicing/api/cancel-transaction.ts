import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** PATCH /transactions/cancel/{id}. */
export function cancelTransaction(id: number) {
  return apiClient.patch(`/transactions/cancel/${id}`, undefined, {
    base: 'dashboard',
    schema: import('@payrail/contract/servicing').then((contract) => contract.ZCancelTransactionResponse),
  });
}

export function useCancelTransaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTransaction, onSettled: () => client.invalidateQueries({ queryKey: SERVICING_KEY }) });
}
