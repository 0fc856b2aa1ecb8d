import { useMutation } from '@tanstack/react-query';
import { ZConfirmationResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/**
 * GET {auth}/confirmation?confirmation_token=…, sent without the token header (spec §7). Success
 * answers a new session token in the `authorization` header, which the client adopts.
 */
export function confirmEmail(token: string): Promise<z.infer<typeof ZConfirmationResponse>> {
  return apiClient.get('/confirmation', { base: 'auth', auth: false, globalErrors: false, query: { confirmation_token: token }, schema: ZConfirmationResponse });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
