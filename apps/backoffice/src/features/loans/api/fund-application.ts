import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey } from '../../../lib/query';
import { ZFundResponse } from '@payrail/contract/backoffice';
import type { TFundResponse } from '@payrail/contract/backoffice';

/**
 * POST /api/backoffice/applications/:userId/fund with an `Idempotency-Key` header. The caller keeps
 * the key and sends the same one again on a retry, so a lost answer can never fund twice.
 */
export function fundApplication(userId: number, idempotencyKey: string): Promise<TFundResponse> {
  return backofficeApi.post(`/applications/${userId}/fund`, undefined, { headers: { 'Idempotency-Key': idempotencyKey }, schema: ZFundResponse });
}

export function useFundApplication(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => fundApplication(userId, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKey(userId) }),
  });
}
