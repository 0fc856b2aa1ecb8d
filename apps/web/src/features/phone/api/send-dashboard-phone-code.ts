import { useMutation } from '@tanstack/react-query';
import { ZPhoneResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';
import type { TPhoneResponse } from './send-phone-code';

/** POST {dashboard}/dashboard/phones: texts a code to the new number (201); the number on file stays until verified. */
export function sendDashboardPhoneCode(number: string): Promise<TPhoneResponse> {
  return apiClient.post('/dashboard/phones', { phone: { number } }, { base: 'dashboard', schema: ZPhoneResponse });
}

export function useSendDashboardPhoneCode() {
  return useMutation({ mutationFn: sendDashboardPhoneCode });
}
