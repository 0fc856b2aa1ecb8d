import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZConsentCentre, ZRequestsInbox, ZRequestsReminder } from '@payrail/contract/care';
import { backofficeApi } from '../../../lib/api-client';

export const openRequestsKey = (userId: number) => ['care', 'requests', userId] as const;

/** GET /api/backoffice/members/:userId/requests: what the borrower still has to do (the borrower's own inbox). */
export function useMemberRequests(userId: number) {
  return useQuery({ queryKey: openRequestsKey(userId), queryFn: () => backofficeApi.get(`/members/${userId}/requests`, { schema: ZRequestsInbox }) });
}

/** POST /api/backoffice/members/:userId/requests/remind: a notification to the borrower (audited as `remind_open_requests`). */
export function useRemindRequests(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.post(`/members/${userId}/requests/remind`, undefined, { schema: ZRequestsReminder }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openRequestsKey(userId) }),
  });
}

export const consentsKey = (userId: number) => ['care', 'consents', userId] as const;

/** GET /api/backoffice/members/:userId/consents: the borrower's consent centre (records, E-SIGN consent, delivery). */
export function useMemberConsents(userId: number) {
  return useQuery({ queryKey: consentsKey(userId), queryFn: () => backofficeApi.get(`/members/${userId}/consents`, { schema: ZConsentCentre }) });
}

/** POST …/consents/electronic_communications/withdraw: a withdrawal received by phone or mail (servicer, admin; audited). */
export function useRecordWithdrawal(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.post(`/members/${userId}/consents/electronic_communications/withdraw`, { confirm: true }, { schema: ZConsentCentre }),
    onSuccess: (centre) => queryClient.setQueryData(consentsKey(userId), centre),
  });
}
