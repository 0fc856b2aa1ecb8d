import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';

/**
 * DELETE {auth}/logout, then forget everything and go to /signin. The local sign-out happens whatever
 * the server answers: an already expired session must still be able to leave.
 */
export async function logout(): Promise<void> {
  try {
    await apiClient.delete('/logout', { base: 'auth', globalErrors: false });
  } catch {
    // Nothing to undo: the token is dropped below either way.
  } finally {
    sessionStore.clearAll({ exitTo: '/signin' });
    navigate('/signin', { replace: true });
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
