import { useMutation, useQuery } from '@tanstack/react-query';
import { ZRequestsInbox } from '@payrail/contract/care';
import { ZEmailSentResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';

export const careKeys = { requests: ['care', 'requests'] as const };

/** GET {dashboard}/dashboard/requests: every open request to the borrower, derived on each read. */
export function useOpenRequests() {
  // Derived from events elsewhere (a returned payment, a reviewer's request): read afresh on every visit.
  return useQuery({
    queryKey: careKeys.requests,
    queryFn: () => apiClient.get('/dashboard/requests', { base: 'dashboard', schema: ZRequestsInbox }),
    refetchOnMount: 'always',
  });
}

/** GET {dashboard}/dashboard/confirmation/resend_token: the inbox's "Send the e-mail again". */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => apiClient.get('/dashboard/confirmation/resend_token', { base: 'dashboard', schema: ZEmailSentResponse }) });
}
