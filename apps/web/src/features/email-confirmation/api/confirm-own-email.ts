import { useMutation } from '@tanstack/react-query';
import { ZConfirmationResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** GET {dashboard}/dashboard/confirmation/{token}: a signed-in member confirms the e-mail with the code. */
export function confirmOwnEmail(token: string): Promise<z.infer<typeof ZConfirmationResponse>> {
  return apiClient.get(`/dashboard/confirmation/${encodeURIComponent(token)}`, { base: 'dashboard', globalErrors: false, schema: ZConfirmationResponse });
}

export function useConfirmOwnEmail() {
  return useMutation({ mutationFn: confirmOwnEmail });
}
