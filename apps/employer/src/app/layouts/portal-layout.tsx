import { Outlet } from 'react-router';
import { StaffShell } from '@payrail/ui/staff-shell';
import type { StaffShellLink } from '@payrail/ui/staff-shell';
import { useMe } from '../../features/auth/api/me';
import { useLogout } from '../../features/auth/api/logout';
import { useEmployerSession } from '../../lib/employer-session';

const NAV: readonly StaffShellLink[] = [
  { to: '/deductions', label: 'Deductions' },
  { to: '/remittances', label: 'Remittances' },
  { to: '/verifications', label: 'Verifications' },
  { to: '/changes', label: 'Changes' },
];

/** Keeps the user and employer fresh (and a dead token goes back to sign-in through the global 401 rule). */
function MeRefresher() {
  useMe();
  return null;
}

/** Signed-in shell (packages/ui StaffShell): the employer, who is signed in, the four pages and a way out. */
export function PortalLayout() {
  const token = useEmployerSession((state) => state.token);
  const user = useEmployerSession((state) => state.user);
  const logout = useLogout();

  return (
    <StaffShell
      product="Employer portal"
      signedIn={Boolean(token)}
      who={user ? { primary: user.employer_name, secondary: user.name } : null}
      links={NAV}
      signOut={logout}
      focusMainOnNavigation
      compactOnPhone
    >
      <MeRefresher />
      <Outlet />
    </StaffShell>
  );
}
