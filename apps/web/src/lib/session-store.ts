import { createStore, useStoreValue } from '@payrail/client/create-store';
import { SESSION_STORAGE_KEY, emptyState, readStoredSession, storage } from './session-storage';
import type { SessionState, SessionUser, Tracking } from './session-storage';

export { SESSION_STORAGE_KEY } from './session-storage';
export type { LoanType, SessionState, SessionUser, Tracking } from './session-storage';

function readPersisted(): SessionState {
  // A corrupt or outdated value is dropped rather than trusted.
  const parsed = readStoredSession();
  return parsed ? { ...emptyState, ...parsed } : emptyState;
}

function persist(state: SessionState): void {
  const store = storage();
  if (!store) return;
  if (!state.token && !state.user && state.navigationStack.length === 0 && !state.pendingEmail && Object.keys(state.tracking).length === 0) {
    store.removeItem(SESSION_STORAGE_KEY);
    return;
  }
  const { loans: _loans, exitTo: _exitTo, ...rest } = state;
  // Only what is set is written, so an empty session leaves a small, readable value.
  const persisted: Record<string, unknown> = { token: rest.token, user: rest.user, navigationStack: rest.navigationStack };
  if (rest.pendingEmail) persisted.pendingEmail = rest.pendingEmail;
  if (Object.keys(rest.tracking).length > 0) persisted.tracking = rest.tracking;
  try {
    store.setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
  } catch {
    // Quota errors must not break the app; the session still works in memory.
  }
}

const store = createStore<SessionState>(readPersisted());

function update(patch: Partial<SessionState>): void {
  const next = { ...store.get(), ...patch };
  store.set(next);
  persist(next);
}

if (typeof window !== 'undefined') {
  // Signing out (or in) in another tab must take effect here too.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) {
      store.set({ ...readPersisted(), loans: event.newValue ? store.get().loans : [] });
    }
  });
}

export const sessionStore = {
  getState: store.get,
  subscribe: store.subscribe,
  getToken(): string | null {
    return store.get().token;
  },
  setToken(token: string | null): void {
    if (store.get().token !== token) update(token ? { token, exitTo: null } : { token });
  },
  setUser(user: SessionUser | null): void {
    // The session check answers the account's flow (`new_flow`); an answer without it keeps what sign-up or sign-in learnt.
    const previous = store.get().user;
    const keepFlow = user && previous && previous.id === user.id && user.new_flow == null && previous.new_flow != null;
    update({ user: keepFlow ? { ...user, new_flow: previous.new_flow } : user });
  },
  updateUser(patch: Partial<SessionUser>): void {
    const user = store.get().user;
    if (user) update({ user: { ...user, ...patch } });
  },
  setNavigationStack(navigationStack: readonly string[]): void {
    update({ navigationStack });
  },
  setPendingEmail(pendingEmail: string | null): void {
    update({ pendingEmail });
  },
  getTracking(): Tracking {
    return store.get().tracking;
  },
  setTracking(tracking: Tracking): void {
    update({ tracking });
  },
  setLoans(loans: readonly unknown[]): void {
    // Never persisted: update the in-memory state only.
    store.set({ ...store.get(), loans });
  },
  /**
   * Sign-out, an invalid token and the sign-in page all start from nothing. Only the visit's tracking
   * parameters survive: they belong to how the visitor arrived, not to an account.
   */
  clearAll(options: { exitTo?: string } = {}): void {
    const next = { ...emptyState, tracking: store.get().tracking, exitTo: options.exitTo ?? null };
    store.set(next);
    storage()?.removeItem(SESSION_STORAGE_KEY);
    persist(next);
  },
  /** Tests only: forget everything, tracking included. */
  reset(): void {
    store.set(emptyState);
    storage()?.removeItem(SESSION_STORAGE_KEY);
  },
};

export function useSession<S>(selector: (state: SessionState) => S): S {
  return useStoreValue(store, selector);
}

export function useIsSignedIn(): boolean {
  return useSession((state) => state.token !== null);
}
