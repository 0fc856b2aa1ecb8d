import { useMutation } from '@tanstack/react-query';
import type { TSignupRequest, ZSignupResponse } from '@payrail/contract/identity';
import type { TNewflowSignupRequest } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';
import { trackingQuery } from '../../../lib/tracking';

export interface SignUpResult {
  account: z.infer<typeof ZSignupResponse>;
  /** A social sign-up is confirmed at once and answers a session token; an e-mail one waits for its code. */
  signedIn: boolean;
}

/**
 * POST {auth}/signup with the visit's tracking parameters as query (classic, or the new flow's `new_flow: true` body).
 * The answer's schema loads with the request, not with the sign-up pages (docs/architecture.md).
 */
export async function signUp(body: TSignupRequest | TNewflowSignupRequest): Promise<SignUpResult> {
  const before = sessionStore.getToken();
  const account = await apiClient.post('/signup', body, {
    base: 'auth',
    auth: false,
    query: trackingQuery(),
    schema: import('@payrail/contract/identity').then((contract) => contract.ZSignupResponse),
  });
  // The client stores any `authorization` header it receives; a new token means the answer carried one.
  const after = sessionStore.getToken();
  return { account, signedIn: after !== null && after !== before };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
