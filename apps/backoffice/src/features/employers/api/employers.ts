import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBackofficeEmployerDetail, ZBackofficeEmployerList } from '@payrail/contract/employer-portal';
import type { TEmployerInvitationRequest } from '@payrail/contract/employer-portal';
import { backofficeApi } from '../../../lib/api-client';

export const employerKeys = {
  list: ['employers', 'list'] as const,
  detail: (id: number) => ['employers', 'detail', id] as const,
};

/** GET /api/backoffice/employers (manageEmployerUsers): b2b partners first. */
export function useEmployers() {
  return useQuery({ queryKey: employerKeys.list, queryFn: () => backofficeApi.get('/employers', { schema: ZBackofficeEmployerList }) });
}

/** GET /api/backoffice/employers/:id: the employer with its portal users and invitations. */
export function useEmployer(id: number) {
  return useQuery({ queryKey: employerKeys.detail(id), queryFn: () => backofficeApi.get(`/employers/${id}`, { schema: ZBackofficeEmployerDetail }) });
}

/** Every write answers the employer page again: it replaces the cached one, and the list's counts are refetched. */
function useEmployerWrite<TVars>(id: number, call: (vars: TVars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: TVars) => ZBackofficeEmployerDetail.parse(await call(vars)),
    onSuccess: (data) => {
      queryClient.setQueryData(employerKeys.detail(id), data);
      void queryClient.invalidateQueries({ queryKey: employerKeys.list });
    },
  });
}

/** POST /api/backoffice/employers/:id/invitations (audited): e-mails an invitation link valid 7 days. */
export function useInviteEmployerUser(id: number) {
  return useEmployerWrite(id, (body: TEmployerInvitationRequest) => backofficeApi.post(`/employers/${id}/invitations`, body));
}

/** POST /api/backoffice/employers/:id/invitations/:invitationId/revoke (audited). */
export function useRevokeInvitation(id: number) {
  return useEmployerWrite(id, (invitationId: number) => backofficeApi.post(`/employers/${id}/invitations/${invitationId}/revoke`, {}));
}

/** POST /api/backoffice/employers/:id/users/:userId/disable (audited): ends the user's sessions too. */
export function useDisableEmployerUser(id: number) {
  return useEmployerWrite(id, (userId: number) => backofficeApi.post(`/employers/${id}/users/${userId}/disable`, {}));
}
