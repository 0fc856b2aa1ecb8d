import { useMutation } from '@tanstack/react-query';
import { ZSupportMessageCreated } from '@payrail/contract/identity';
import type { z } from 'zod';
import type { ZSupportMessageRequest } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';

export type TSupportMessageRequest = z.input<typeof ZSupportMessageRequest>;

/** POST {api}/support_messages: the sandbox chat adapter hands the message to customer service. */
export function sendSupportMessage(body: TSupportMessageRequest): Promise<z.infer<typeof ZSupportMessageCreated>> {
  return apiClient.post('/support_messages', body, { schema: ZSupportMessageCreated });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
