import type { TEmployerInvitationRequest } from '@payrail/contract/employer-portal';
import { backofficeApi } from '../../../lib/api-client';
import { useEmployerWrite } from './employer-write';

/** POST /api/backoffice/employers/:id/invitations (audited): e-mails an invitation link valid 7 days. */
export function useInviteEmployerUser(id: number) {
  return useEmployerWrite(id, (body: TEmployerInvitationRequest) => backofficeApi.post(`/employers/${id}/invitations`, body));
}
