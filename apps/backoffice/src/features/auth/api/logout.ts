import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { staffSession } from '../../../lib/staff-session';

/** DELETE /api/backoffice/logout. The local session ends even if the call fails. */
export async function logout(): Promise<void> {
  try {
    await backofficeApi.delete('/logout', { globalErrors: false });
  } finally {
    staffSession.clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
