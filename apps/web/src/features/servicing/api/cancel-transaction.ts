import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCancelTransactionResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** PATCH /transactions/cancel/{id}. */
export function cancelTransaction(id: number) {
  return apiClient.patch(`/transactions/cancel/${id}`, undefined, { base: 'dashboard', schema: ZCancelTransactionResponse });
}

export function useCancelTransaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTransaction, onSettled: () => client.invalidateQueries({ queryKey: SERVICING_KEY }) });
}
