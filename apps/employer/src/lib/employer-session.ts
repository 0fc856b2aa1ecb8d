import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { createStaffStyleSession } from '@payrail/ui/staff-session';
import type { StaffStyleSession } from '@payrail/ui/staff-session';

/** Separate from the borrower and staff sessions: an employer user never shares a token or a key with them. */
export const EMPLOYER_SESSION_KEY = 'payrail.employer.session';

export type EmployerSession = StaffStyleSession<'user', TEmployerUser>;

const session = createStaffStyleSession<'user', TEmployerUser>(EMPLOYER_SESSION_KEY, 'user');

export const employerSession = {
  get: session.get,
  subscribe: session.subscribe,
  getToken: session.getToken,
  setToken: session.setToken,
  setUser: session.setPerson,
  clear: session.clear,
};

export const useEmployerSession = session.useSession;
