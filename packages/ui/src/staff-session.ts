import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createStore, useStoreValue } from '@payrail/client/create-store';

/**
 * The session of a staff-style SPA (back office, employer portal): the bearer token and the signed-in person,
 * under a storage key of the app's own, since the apps never share a token. `F` names the person's field as the
 * app stores it (`staff`, `user`).
 */
export type StaffStyleSession<F extends string, P> = { token: string | null } & { [K in F]: P | null };

/** A session kept in localStorage under `storageKey`: what each app's session module builds on. */
export function createStaffStyleSession<F extends string, P>(storageKey: string, field: F) {
  type S = StaffStyleSession<F, P>;
  const empty = { token: null, [field]: null } as S;

  function read(): S {
    try {
      const raw = window.localStorage.getItem(storageKey);
      if (!raw) return empty;
      const value = JSON.parse(raw) as Partial<S>;
      return { token: typeof value.token === 'string' ? value.token : null, [field]: value[field] ?? null } as S;
    } catch {
      return empty;
    }
  }

  const store = createStore<S>(read());

  function write(next: S): void {
    store.set(next);
    try {
      if (next.token || next[field]) window.localStorage.setItem(storageKey, JSON.stringify(next));
      else window.localStorage.removeItem(storageKey);
    } catch {
      // Storage can be unavailable (privacy mode); the session then lasts for this tab only.
    }
  }

  function useSession<T>(selector: (state: S) => T): T {
    return useStoreValue(store, selector);
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    getToken: () => store.get().token,
    setToken(token: string): void {
      if (store.get().token !== token) write({ ...store.get(), token });
    },
    setPerson(person: P): void {
      write({ ...store.get(), [field]: person } as S);
    },
    clear(): void {
      write(empty);
    },
    useSession,
  };
}

/** What logging out needs of the app: its API client and its session. */
export interface StaffStyleLogout {
  api: { delete(path: string, options: { globalErrors: false }): Promise<unknown> };
  session: { clear(): void };
}

/** DELETE `/logout` on the app's API. The local session ends even if the call fails. */
export async function logoutStaffStyle({ api, session }: StaffStyleLogout): Promise<void> {
  try {
    await api.delete('/logout', { globalErrors: false });
  } finally {
    session.clear();
  }
}

/** The logout mutation: the cached answers of the person who leaves are dropped however the call ends. */
export function useStaffStyleLogout(logout: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
