import type { StaffRole, TStaffMember } from '@payrail/contract/staff';
import { createStore, useStoreValue } from '@payrail/client/create-store';

/** Separate from the borrower session: staff and borrowers never share a token or a key. */
export const STAFF_SESSION_KEY = 'payrail.backoffice.session';

export interface StaffSession {
  token: string | null;
  staff: TStaffMember | null;
}

const empty: StaffSession = { token: null, staff: null };

function read(): StaffSession {
  try {
    const raw = window.localStorage.getItem(STAFF_SESSION_KEY);
    if (!raw) return empty;
    const value = JSON.parse(raw) as Partial<StaffSession>;
    return { token: typeof value.token === 'string' ? value.token : null, staff: value.staff ?? null };
  } catch {
    return empty;
  }
}

const store = createStore<StaffSession>(read());

function write(next: StaffSession): void {
  store.set(next);
  try {
    if (next.token || next.staff) window.localStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(STAFF_SESSION_KEY);
  } catch {
    // Storage can be unavailable (privacy mode); the session then lasts for this tab only.
  }
}

export const staffSession = {
  get: store.get,
  subscribe: store.subscribe,
  getToken: () => store.get().token,
  setToken(token: string): void {
    if (store.get().token !== token) write({ ...store.get(), token });
  },
  setStaff(staff: TStaffMember): void {
    write({ ...store.get(), staff });
  },
  clear(): void {
    write(empty);
  },
};

export function useStaffSession<S>(selector: (state: StaffSession) => S): S {
  return useStoreValue(store, selector);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  underwriter: 'Underwriter',
  servicer: 'Servicer',
};
