import type { StaffRole, TStaffMember } from '@payrail/contract/staff';
import { createStaffStyleSession } from '@payrail/ui/staff-session';
import type { StaffStyleSession } from '@payrail/ui/staff-session';

/** Separate from the borrower session: staff and borrowers never share a token or a key. */
export const STAFF_SESSION_KEY = 'payrail.backoffice.session';

export type StaffSession = StaffStyleSession<'staff', TStaffMember>;

const session = createStaffStyleSession<'staff', TStaffMember>(STAFF_SESSION_KEY, 'staff');

export const staffSession = {
  get: session.get,
  subscribe: session.subscribe,
  getToken: session.getToken,
  setToken: session.setToken,
  setStaff: session.setPerson,
  clear: session.clear,
};

export const useStaffSession = session.useSession;

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  underwriter: 'Underwriter',
  servicer: 'Servicer',
};
