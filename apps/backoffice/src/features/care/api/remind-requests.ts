import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRequestsReminder } from '@payrail/contract/care';
import { backofficeApi } from '../../../lib/api-client';
import { openRequestsKey } from './get-member-requests';

/** POST /api/backoffice/members/:userId/requests/remind: a notification to the borrower (audited as `remind_open_requests`). */
export function useRemindRequests(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.post(`/members/${userId}/requests/remind`, undefined, { schema: ZRequestsReminder }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openRequestsKey(userId) }),
  });
}
