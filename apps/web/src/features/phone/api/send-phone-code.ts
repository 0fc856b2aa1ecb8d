import { useMutation } from '@tanstack/react-query';
import { ZPhoneResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TPhoneResponse = z.infer<typeof ZPhoneResponse>;

/** POST {flow}/phones: puts the number on file and texts a code; 201 flips the form to code entry. */
export function sendPhoneCode(number: string): Promise<TPhoneResponse> {
  return apiClient.post('/phones', { phone: { number } }, { base: 'flow', schema: ZPhoneResponse });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
