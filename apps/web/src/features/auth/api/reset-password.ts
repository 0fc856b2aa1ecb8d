import { useMutation } from '@tanstack/react-query';
import { ZEmailSentResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export interface ResetPasswordInput {
  password: string;
  password_confirmation: string;
  reset_password_token: string;
}

/** PATCH {auth}/password: the new password, with the token from the e-mailed link. */
export function resetPassword(input: ResetPasswordInput): Promise<z.infer<typeof ZEmailSentResponse>> {
  return apiClient.patch('/password', { application_member: input }, { base: 'auth', auth: false, globalErrors: false, schema: ZEmailSentResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
