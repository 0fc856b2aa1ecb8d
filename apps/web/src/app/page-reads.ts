import { buildUrl } from '@payrail/client/build-url';
import { apiBases } from '../lib/api-bases';
import type { ApiBase } from '../lib/api-bases';
import { readAhead } from '../lib/read-ahead';
import { readStoredSession } from '../lib/session-storage';

/** A call a page makes on its first render: its base and path, and `auth: false` for a public read (no token). */
export interface PageRead {
  base: ApiBase;
  path: string;
  auth?: false;
}

const CAPTCHA_CONFIG: PageRead = { base: 'auth', path: '/captcha/config', auth: false };

/**
 * What a page reads first, by path: the entry script (boot.ts) starts these reads while the page's modules
 * load (lib/read-ahead.ts), the signed-in ones with the stored token. Each entry is a call the page makes on its
 * first render, with the same base and path (page-reads.test.ts holds the list to the API modules). The sign-up
 * pages draw their form only once the states (classic) or the loan purposes (new flow) are in: read early, they
 * are there when the app takes the prerendered page over.
 */
export const PAGE_READS: Readonly<Record<string, readonly PageRead[]>> = {
  '/signin': [CAPTCHA_CONFIG],
  '/signup': [{ base: 'api', path: '/states', auth: false }, CAPTCHA_CONFIG],
  '/application/newflow/signup': [{ base: 'api', path: '/loan_purposes', auth: false }, CAPTCHA_CONFIG],
  '/application/newflow/signin': [CAPTCHA_CONFIG],
  '/dashboard': [
    { base: 'auth', path: '/token_is_valid' },
    { base: 'dashboard', path: '/loans/ongoing_loans' },
    { base: 'dashboard', path: '/loans/history' },
    { base: 'dashboard', path: '/notifications' },
    { base: 'dashboard', path: '/banners' },
    { base: 'dashboard', path: '/benefits' },
  ],
};

/** The URL the API client requests for a read. */
export const pageReadUrl = ({ base, path }: PageRead): string => buildUrl(apiBases[base], path);

/**
 * Starts the first reads of the page at `pathname`: the public ones always, the signed-in ones when a session
 * is stored (without one the page sends the visitor to sign in, and reads nothing signed in).
 */
export function startPageReads(pathname: string): void {
  const reads = PAGE_READS[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  if (!reads) return;
  const publicUrls = reads.filter((read) => read.auth === false).map(pageReadUrl);
  if (publicUrls.length > 0) readAhead(publicUrls, null);
  const token = readStoredSession()?.token;
  const signedInUrls = reads.filter((read) => read.auth !== false).map(pageReadUrl);
  if (token && signedInUrls.length > 0) readAhead(signedInUrls, token);
}
