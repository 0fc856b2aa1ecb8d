import type { ApiBase } from '../lib/api-client';

/**
 * What a signed-in page reads first, by path: main.tsx starts these reads with the stored token while the
 * page's modules load (lib/read-ahead.ts). Each entry is a call the page makes on its first render, with the
 * same base and path (page-reads.test.ts holds the list to the API modules).
 */
export const PAGE_READS: Readonly<Record<string, readonly { base: ApiBase; path: string }[]>> = {
  '/dashboard': [
    { base: 'auth', path: '/token_is_valid' },
    { base: 'dashboard', path: '/loans/ongoing_loans' },
    { base: 'dashboard', path: '/loans/history' },
    { base: 'dashboard', path: '/notifications' },
    { base: 'dashboard', path: '/banners' },
    { base: 'dashboard', path: '/benefits' },
  ],
};
