import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, sessionStore } from './session-store';

describe('sessionStore', () => {
  it('persists token, user and navigation stack under one key, but never loans', () => {
    sessionStore.setToken('t1');
    sessionStore.setUser({ id: 1, email: 'ana@example.com', workflow_status: 'loan_terms', loan_type: 'new' });
    sessionStore.setNavigationStack(['employer', 'loan_terms']);
    sessionStore.setLoans([{ id: 9, identifier: '2024010001' }]);

    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
    expect(stored).toEqual({
      token: 't1',
      user: { id: 1, email: 'ana@example.com', workflow_status: 'loan_terms', loan_type: 'new' },
      navigationStack: ['employer', 'loan_terms'],
    });
    expect(JSON.stringify(stored)).not.toContain('2024010001');
    expect(sessionStore.getState().loans).toHaveLength(1);
  });

  it('clearAll forgets everything, in memory and in storage', () => {
    sessionStore.setToken('t1');
    sessionStore.setLoans([{ id: 1 }]);
    sessionStore.clearAll();
    expect(sessionStore.getState()).toEqual({ token: null, user: null, navigationStack: [], loans: [], pendingEmail: null, tracking: {}, exitTo: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the visit tracking parameters when the session is cleared, and forgets the pending e-mail', () => {
    sessionStore.setTracking({ utm_source: 'newsletter', http_referer: 'https://news.example/' });
    sessionStore.setPendingEmail('ana@example.com');
    sessionStore.setToken('t1');
    sessionStore.clearAll();
    expect(sessionStore.getState()).toMatchObject({
      token: null,
      pendingEmail: null,
      tracking: { utm_source: 'newsletter', http_referer: 'https://news.example/' },
    });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ token: null, tracking: { utm_source: 'newsletter' } });
  });

  it('notifies subscribers', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = sessionStore.subscribe(() => seen.push(sessionStore.getToken()));
    sessionStore.setToken('a');
    sessionStore.setToken('a');
    sessionStore.clearAll();
    unsubscribe();
    expect(seen).toEqual(['a', null]);
  });

  it('drops a stored value that is not what it writes, and keeps one that is', async () => {
    const load = async (stored: unknown) => {
      localStorage.setItem(SESSION_STORAGE_KEY, typeof stored === 'string' ? stored : JSON.stringify(stored));
      vi.resetModules();
      return (await import('./session-store')).sessionStore.getState();
    };
    const good = {
      token: 't',
      user: { id: 1, email: 'ana@example.com', workflow_status: 'loan_terms', loan_type: 'new', new_flow: null, extra: 1 },
      navigationStack: ['employer'],
      tracking: { utm_source: 'mail' },
    };
    expect(await load(good)).toMatchObject({
      token: 't',
      user: good.user,
      navigationStack: ['employer'],
      pendingEmail: null,
      tracking: { utm_source: 'mail' },
      loans: [],
    });
    for (const bad of [
      '{not json',
      [],
      { ...good, token: 5 },
      { ...good, user: { id: '1', email: 'a' } },
      { ...good, user: { ...good.user, loan_type: 'other' } },
      { ...good, navigationStack: [1] },
      { ...good, tracking: { utm_source: 2 } },
      { ...good, pendingEmail: 3 },
    ]) {
      expect(await load(bad)).toMatchObject({ token: null, user: null, navigationStack: [] });
    }
    localStorage.removeItem(SESSION_STORAGE_KEY);
    vi.resetModules();
  });
});
