import { useMutation } from '@tanstack/react-query';
import { ZConfirmationResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/**
 * GET {auth}/confirmation?confirmation_token=…[&email=…], sent without the token header (spec §7). Success
 * answers a new session token in the `authorization` header, which the client adopts. The address the
 * code was sent to, when known, names the account, so wrong codes count against that account's code
 * (5 wrong and it must be re-sent) rather than only against this network address.
 */
export function confirmEmail(token: string, email?: string | null): Promise<z.infer<typeof ZConfirmationResponse>> {
  const query = email ? { confirmation_token: token, email } : { confirmation_token: token };
  return apiClient.get('/confirmation', { base: 'auth', auth: false, globalErrors: false, query, schema: ZConfirmationResponse });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: ({ token, email }: { token: string; email?: string | null }) => confirmEmail(token, email) });
}
