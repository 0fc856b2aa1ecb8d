import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBanners } from '../features/banners/api/get-banners';
import { getBenefits } from '../features/benefits/api/get-benefits';
import { getCaptchaConfig } from '../features/auth/api/get-captcha-config';
import { getStates } from '../api/get-states';
import { getLoanPurposes } from '../api/get-loan-purposes';
import { getNotifications } from '../features/notifications/api/get-notifications';
import { getLoanHistory } from '../features/servicing/api/get-loan-history';
import { getOngoingLoans } from '../features/servicing/api/get-ongoing-loans';
import { getSession } from '../features/session/api/get-session';
import { apiClient } from '../lib/api-client';
import { READ_AHEAD_MS, readAhead, takeReadAhead } from '../lib/read-ahead';
import { sessionStore } from '../lib/session-store';
import { PAGE_READS, pageReadUrl, startPageReads } from './page-reads';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const dashboardUrls = () => (PAGE_READS['/dashboard'] ?? []).map(({ base, path }) => apiClient.url(path, { base }));

type Requested = { url: string; headers: Record<string, string> }[];

/** Stubs fetch: every request is recorded (URL and headers) and answered 418. */
function recordRequests(): Requested {
  const requested: Requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requested.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return json({ error: 'not this test' }, 418);
    }),
  );
  return requested;
}

describe('the dashboard’s first reads', () => {
  let requested: Requested;
  beforeEach(() => {
    requested = recordRequests();
    sessionStore.setToken('token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sessionStore.setToken(null);
  });

  it('are the calls the dashboard’s API modules make, with the same headers', async () => {
    const calls = [getSession, getOngoingLoans, getLoanHistory, getNotifications, getBanners, getBenefits];
    await Promise.allSettled(calls.map((call) => call()));
    const made = requested.map((r) => r.url);
    expect(new Set(made)).toEqual(new Set(dashboardUrls()));

    requested.length = 0;
    readAhead(dashboardUrls(), 'token-1');
    expect(requested.map((r) => r.headers)).toEqual(dashboardUrls().map(() => ({ Accept: 'application/json', Authorization: 'token-1' })));
  });

  it('an early answer is used once, in place of a request, and checked as a fetched one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([{ id: 1, title: 'Welcome', description: 'Hi', link: null }])),
    );
    readAhead([apiClient.url('/banners', { base: 'dashboard' })], 'token-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    await getBanners().catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    await getBanners().catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('an early 401 is handled as any 401: the call fails with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'expired' }, 401)),
    );
    readAhead([apiClient.url('/benefits', { base: 'dashboard' })], 'token-1');
    await expect(apiClient.get('/benefits', { base: 'dashboard', globalErrors: false })).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, nor once it is too old', () => {
    const url = apiClient.url('/banners', { base: 'dashboard' });
    readAhead([url], 'token-1');
    expect(takeReadAhead(url, 'token-2')).toBeUndefined();
    expect(takeReadAhead(url, 'token-1')).toBeUndefined();

    vi.useFakeTimers();
    readAhead([url], 'token-1');
    vi.setSystemTime(Date.now() + READ_AHEAD_MS + 1);
    expect(takeReadAhead(url, 'token-1')).toBeUndefined();
  });

  it('a call with its own headers or a signal asks the server itself', async () => {
    const url = apiClient.url('/banners', { base: 'dashboard' });
    readAhead([url], 'token-1');
    await apiClient.get('/banners', { base: 'dashboard', signal: new AbortController().signal, globalErrors: false }).catch(() => undefined);
    expect(requested).toHaveLength(2);
    await apiClient.get('/banners', { base: 'dashboard', headers: { 'Accept-Language': 'en' }, globalErrors: false }).catch(() => undefined);
    expect(requested).toHaveLength(3);
    expect(takeReadAhead(url, 'token-1')).toBeDefined();
  });
});

describe('the public pages’ first reads', () => {
  let requested: Requested;
  beforeEach(() => {
    requested = recordRequests();
    sessionStore.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.reset();
  });

  it.each([
    ['/signup', [getStates, getCaptchaConfig]],
    ['/application/newflow/signup', [getLoanPurposes, getCaptchaConfig]],
    ['/signin', [getCaptchaConfig]],
  ] as const)('%s: the calls its API modules make, without a token', async (path, calls) => {
    await Promise.allSettled(calls.map((call) => call()));
    const made = requested.map((r) => r.url);
    expect(made).toEqual((PAGE_READS[path] ?? []).map(pageReadUrl));
    expect(requested.every((r) => r.headers.Authorization === undefined)).toBe(true);
    requested.length = 0;
    startPageReads(path);
    expect(requested.map((r) => r.url)).toEqual(made);
    expect(requested.map((r) => r.headers)).toEqual(made.map(() => ({ Accept: 'application/json' })));
    // Taken once by the page's own call, which then asks the server no more.
    await Promise.allSettled(calls.map((call) => call()));
    expect(requested).toHaveLength(made.length);
  });

  it('the dashboard reads nothing without a stored session, and with the stored token when there is one', () => {
    startPageReads('/dashboard');
    expect(requested).toEqual([]);
    sessionStore.setToken('token-9');
    startPageReads('/dashboard/');
    expect(requested.map((r) => r.url)).toEqual((PAGE_READS['/dashboard'] ?? []).map(pageReadUrl));
    expect(requested.every((r) => r.headers.Authorization === 'token-9')).toBe(true);
    for (const url of requested.map((r) => r.url)) takeReadAhead(url, 'token-9');
  });
});
