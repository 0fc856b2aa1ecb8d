import { logoutStaffStyle, useStaffStyleLogout } from '@payrail/ui/staff-session';
import { portalApi } from '../../../lib/api-client';
import { employerSession } from '../../../lib/employer-session';

/** DELETE /api/employer_portal/logout. The local session ends even if the call fails. */
export function logout(): Promise<void> {
  return logoutStaffStyle({ api: portalApi, session: employerSession });
}

export function useLogout() {
  return useStaffStyleLogout(logout);
}
