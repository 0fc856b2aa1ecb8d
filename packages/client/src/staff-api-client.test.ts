import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation';
import { pendingRequests } from './pending-requests';
import { createStaffApiClient, STAFF_API_MESSAGES } from './staff-api-client';

afterEach(() => vi.unstubAllGlobals());

function setup(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: 'no' }), { status, headers: { 'content-type': 'application/json' } })),
  );
  const session = { getToken: vi.fn(() => 'tok-1'), setToken: vi.fn(), clear: vi.fn() };
  const notify = { warning: vi.fn(), error: vi.fn() };
  const navigate = vi.fn();
  const unregister = setNavigator(navigate);
  const client = createStaffApiClient<'api' | 'public'>({ bases: { api: '/api/backoffice', public: '/api' }, defaultBase: 'api', session, notify });
  return { client, session, notify, navigate, unregister };
}

describe('a staff-style API client', () => {
  it('sends the session token to the base asked for, renews it from the answer, and counts the call for the loader', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json', authorization: 'tok-2' } }));
    vi.stubGlobal('fetch', fetchMock);
    const session = { getToken: () => 'tok-1', setToken: vi.fn(), clear: vi.fn() };
    const client = createStaffApiClient<'api' | 'public'>({
      bases: { api: '/api/backoffice', public: '/api' },
      defaultBase: 'api',
      session,
      notify: { warning: vi.fn(), error: vi.fn() },
    });
    const seen: number[] = [];
    const stop = pendingRequests.subscribe(() => seen.push(pendingRequests.count()));
    await expect(client.get('/me')).resolves.toEqual({ ok: true });
    await client.get('/health', { base: 'public' });
    stop();
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/backoffice/me', '/api/health']);
    expect(new Headers(calls[0]![1].headers).get('authorization')).toBe('tok-1');
    expect(session.setToken).toHaveBeenCalledWith('tok-2');
    expect(seen).toContain(1);
  });

  it('a 401 ends the session, says so and goes to sign-in', async () => {
    const { client, session, notify, navigate, unregister } = setup(401);
    await expect(client.get('/me')).rejects.toMatchObject({ status: 401 });
    unregister();
    expect(notify.warning).toHaveBeenCalledWith(STAFF_API_MESSAGES.sessionEnded);
    expect(session.clear).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/signin', { replace: true });
  });

  it.each([
    [403, STAFF_API_MESSAGES.forbidden],
    [503, STAFF_API_MESSAGES.unavailable],
  ])('a %i says so and keeps the session', async (status, message) => {
    const { client, session, notify, navigate, unregister } = setup(status);
    await expect(client.get('/x')).rejects.toMatchObject({ status });
    unregister();
    expect(notify.error).toHaveBeenCalledWith(message);
    expect(session.clear).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves other failures, and calls that handle their own, to the screen', async () => {
    const { client, session, notify, unregister } = setup(422);
    await expect(client.post('/x', {})).rejects.toMatchObject({ status: 422 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } })),
    );
    await expect(client.delete('/logout', { globalErrors: false })).rejects.toMatchObject({ status: 401 });
    unregister();
    expect(notify.warning).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(session.clear).not.toHaveBeenCalled();
  });
});
