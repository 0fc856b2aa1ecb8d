import { backofficeApi } from '../../../lib/api-client';
import { useEmployerWrite } from './employer-write';

/** POST /api/backoffice/employers/:id/users/:userId/disable (audited): ends the user's sessions too. */
export function useDisableEmployerUser(id: number) {
  return useEmployerWrite(id, (userId: number) => backofficeApi.post(`/employers/${id}/users/${userId}/disable`, {}));
}
