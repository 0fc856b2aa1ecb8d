import { useMutation } from '@tanstack/react-query';
import { ZEmailSentResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** GET {dashboard}/dashboard/confirmation/resend_token: e-mails the signed-in member a new code. */
export function resendOwnConfirmation(): Promise<z.infer<typeof ZEmailSentResponse>> {
  return apiClient.get('/dashboard/confirmation/resend_token', { base: 'dashboard', schema: ZEmailSentResponse });
}

export function useResendOwnConfirmation() {
  return useMutation({ mutationFn: resendOwnConfirmation });
}
