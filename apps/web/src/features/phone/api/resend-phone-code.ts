import { useMutation } from '@tanstack/react-query';
import { ZPhoneResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';
import type { TPhoneResponse } from './send-phone-code';

/** POST {flow}/phones/resend_verification_code: a new code to the same number. */
export function resendPhoneCode(number: string): Promise<TPhoneResponse> {
  return apiClient.post('/phones/resend_verification_code', { phone: { number } }, { base: 'flow', schema: ZPhoneResponse });
}

export function useResendPhoneCode() {
  return useMutation({ mutationFn: resendPhoneCode });
}
