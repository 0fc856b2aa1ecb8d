import { useMutation } from '@tanstack/react-query';
import { ZPhoneResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';
import type { TPhoneResponse } from './send-phone-code';

/** POST {dashboard}/dashboard/verify_phone: the texted code; success puts the number on file, verified. */
export function verifyDashboardPhone(input: { number: string; code: string }): Promise<TPhoneResponse> {
  return apiClient.post('/dashboard/verify_phone', { phone: input }, { base: 'dashboard', schema: ZPhoneResponse });
}

export function useVerifyDashboardPhone() {
  return useMutation({ mutationFn: verifyDashboardPhone });
}
