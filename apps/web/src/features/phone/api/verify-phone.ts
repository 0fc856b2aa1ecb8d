import { useMutation } from '@tanstack/react-query';
import { ZPhoneResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';
import type { TPhoneResponse } from './send-phone-code';

/** POST {flow}/phones/verify_phone: the texted code; success answers the borrower's new status. */
export function verifyPhone(input: { number: string; code: string }): Promise<TPhoneResponse> {
  return apiClient.post('/phones/verify_phone', { phone: input }, { base: 'flow', schema: ZPhoneResponse });
}

export function useVerifyPhone() {
  return useMutation({ mutationFn: verifyPhone });
}

/** The server's text for a phone error: errors.phone[0], else `error` (spec §8). */
export function phoneErrorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.fieldError('phone') ?? error.serverMessage;
}
