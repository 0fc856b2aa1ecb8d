import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../lib/api-client';
import { employerSession } from '../../../lib/employer-session';

/** DELETE /api/employer_portal/logout. The local session ends even if the call fails. */
export async function logout(): Promise<void> {
  try {
    await portalApi.delete('/logout', { globalErrors: false });
  } finally {
    employerSession.clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
