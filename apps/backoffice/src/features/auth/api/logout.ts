import { logoutStaffStyle, useStaffStyleLogout } from '@payrail/ui/staff-session';
import { backofficeApi } from '../../../lib/api-client';
import { staffSession } from '../../../lib/staff-session';

/** DELETE /api/backoffice/logout. The local session ends even if the call fails. */
export function logout(): Promise<void> {
  return logoutStaffStyle({ api: backofficeApi, session: staffSession });
}

export function useLogout() {
  return useStaffStyleLogout(logout);
}
