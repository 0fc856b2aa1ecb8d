import { backofficeApi } from '../../../lib/api-client';
import { useEmployerWrite } from './employer-write';

/** POST /api/backoffice/employers/:id/invitations/:invitationId/revoke (audited). */
export function useRevokeInvitation(id: number) {
  return useEmployerWrite(id, (invitationId: number) => backofficeApi.post(`/employers/${id}/invitations/${invitationId}/revoke`, {}));
}
