import { useMutation } from '@tanstack/react-query';
import { ZEmailCheckResponse, type TEmailCheckResponse } from '@payrail/contract/newflow';
import { apiClient } from '../../../lib/api-client';

/**
 * POST {auth}/email again, for already_started's "Send me the link again": for an application in
 * progress without a password the server e-mails a new one-time continue link (at most 3 an hour) and
 * says whether it did (`continue_link`); `has_password` says whether the account now signs in with a
 * password instead.
 */
export function requestContinueLink(email: string): Promise<TEmailCheckResponse> {
  return apiClient.post('/email', { email }, { base: 'auth', auth: false, globalErrors: false, schema: ZEmailCheckResponse });
}

export function useRequestContinueLink() {
  return useMutation({ mutationFn: requestContinueLink });
}
