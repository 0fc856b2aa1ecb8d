import { useQuery } from '@tanstack/react-query';
import { ZRequestsInbox } from '@payrail/contract/care';
import { backofficeApi } from '../../../lib/api-client';

export const openRequestsKey = (userId: number) => ['care', 'requests', userId] as const;

/** GET /api/backoffice/members/:userId/requests: what the borrower still has to do (the borrower's own inbox). */
export function useMemberRequests(userId: number) {
  return useQuery({ queryKey: openRequestsKey(userId), queryFn: () => backofficeApi.get(`/members/${userId}/requests`, { schema: ZRequestsInbox }) });
}
