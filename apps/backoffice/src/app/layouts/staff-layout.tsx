import { Outlet } from 'react-router';
import { StaffShell } from '@payrail/ui/staff-shell';
import type { StaffShellLink } from '@payrail/ui/staff-shell';
import { useMe } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { can } from '../../lib/roles';
import type { Capability } from '../../lib/roles';
import { ROLE_LABELS, useStaffSession } from '../../lib/staff-session';

const NAV: readonly (StaffShellLink & { capability: Capability })[] = [
  { to: '/', label: 'Review queue', capability: 'read', end: true },
  { to: '/funding', label: 'Funding', capability: 'fund' },
  { to: '/loans', label: 'Loans', capability: 'read' },
  { to: '/servicing', label: 'Servicing', capability: 'fund' },
  { to: '/hardship', label: 'Hardship', capability: 'read' },
  { to: '/collections', label: 'Collections', capability: 'collect' },
  { to: '/audit', label: 'Audit log', capability: 'audit' },
  { to: '/system-event', label: 'System event', capability: 'systemEvent' },
  { to: '/storage-check', label: 'Storage check', capability: 'storageCheck' },
  { to: '/credit-reporting', label: 'Credit reporting', capability: 'creditReporting' },
  { to: '/portfolio', label: 'Portfolio', capability: 'portfolio' },
  { to: '/employers', label: 'Employers', capability: 'manageEmployerUsers' },
  { to: '/jobs', label: 'Jobs', capability: 'jobs' },
];

/** Keeps the name and role fresh (and a dead token goes back to sign-in through the global 401 rule). */
function MeRefresher() {
  useMe();
  return null;
}

/** Signed-in shell (packages/ui StaffShell): who is signed in, in which role, the pages that role may use, and a way out. */
export function StaffLayout() {
  const token = useStaffSession((state) => state.token);
  const staff = useStaffSession((state) => state.staff);
  const logout = useLogout();

  // Servicers read the queue to find applications, but their work starts at funding.
  const links = NAV.filter((item) => can(staff?.role, item.capability))
    .map((item) => (staff?.role === 'servicer' && item.to === '/' ? { ...item, label: 'Applications' } : item))
    .sort((a, b) => (staff?.role === 'servicer' ? Number(a.capability === 'read') - Number(b.capability === 'read') : 0));

  return (
    <StaffShell
      product="Back office"
      signedIn={Boolean(token)}
      who={staff ? { primary: staff.name, secondary: ROLE_LABELS[staff.role] } : null}
      links={links}
      signOut={logout}
    >
      <MeRefresher />
      <Outlet />
    </StaffShell>
  );
}
