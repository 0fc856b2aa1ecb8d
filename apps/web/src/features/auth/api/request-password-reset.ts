import { useMutation } from '@tanstack/react-query';
import { UNCONFIRMED_EMAIL_CODE, ZEmailSentResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/** POST {auth}/password: e-mails a reset link to the member. */
export function requestPasswordReset(email: string): Promise<z.infer<typeof ZEmailSentResponse>> {
  return apiClient.post(
    '/password',
    { application_member: { email, lang: 'en' } },
    { base: 'auth', auth: false, globalErrors: false, schema: ZEmailSentResponse },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** The answer for an account whose e-mail is not confirmed yet (`code: 'unconfirmed_email'`). */
export function isUnconfirmedEmail(error: unknown): boolean {
  return isApiError(error) && typeof error.data === 'object' && error.data !== null && (error.data as { code?: unknown }).code === UNCONFIRMED_EMAIL_CODE;
}
