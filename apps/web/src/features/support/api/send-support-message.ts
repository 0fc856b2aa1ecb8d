import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSupportMessageCreated, ZSupportMessageRequest } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';

export type TSupportMessageRequest = z.input<typeof ZSupportMessageRequest>;

/**
 * POST {api}/support_messages: the sandbox chat adapter hands the message to customer service. The
 * answer's schema loads with the request, not with the new-flow shell (docs/architecture.md).
 */
export function sendSupportMessage(body: TSupportMessageRequest): Promise<z.infer<typeof ZSupportMessageCreated>> {
  return apiClient.post('/support_messages', body, { schema: import('@payrail/contract/identity').then((contract) => contract.ZSupportMessageCreated) });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
