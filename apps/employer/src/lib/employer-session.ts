import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { createStore, useStoreValue } from '@payrail/client/create-store';

/** Separate from the borrower and staff sessions: an employer user never shares a token or a key with them. */
export const EMPLOYER_SESSION_KEY = 'payrail.employer.session';

export interface EmployerSession {
  token: string | null;
  user: TEmployerUser | null;
}

const empty: EmployerSession = { token: null, user: null };

function read(): EmployerSession {
  try {
    const raw = window.localStorage.getItem(EMPLOYER_SESSION_KEY);
    if (!raw) return empty;
    const value = JSON.parse(raw) as Partial<EmployerSession>;
    return { token: typeof value.token === 'string' ? value.token : null, user: value.user ?? null };
  } catch {
    return empty;
  }
}

const store = createStore<EmployerSession>(read());

function write(next: EmployerSession): void {
  store.set(next);
  try {
    if (next.token || next.user) window.localStorage.setItem(EMPLOYER_SESSION_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(EMPLOYER_SESSION_KEY);
  } catch {
    // Storage can be unavailable (privacy mode); the session then lasts for this tab only.
  }
}

export const employerSession = {
  get: store.get,
  subscribe: store.subscribe,
  getToken: () => store.get().token,
  setToken(token: string): void {
    if (store.get().token !== token) write({ ...store.get(), token });
  },
  setUser(user: TEmployerUser): void {
    write({ ...store.get(), user });
  },
  clear(): void {
    write(empty);
  },
};

export function useEmployerSession<S>(selector: (state: EmployerSession) => S): S {
  return useStoreValue(store, selector);
}
