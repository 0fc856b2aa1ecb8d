import { useMutation } from '@tanstack/react-query';
import { ZEmailSentResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** POST {auth}/confirmation/resend_confirmation: a new confirmation code by e-mail. */
export function resendConfirmation(email: string): Promise<z.infer<typeof ZEmailSentResponse>> {
  return apiClient.post(
    '/confirmation/resend_confirmation',
    { application_member: { email } },
    { base: 'auth', auth: false, globalErrors: false, schema: ZEmailSentResponse },
  );
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
