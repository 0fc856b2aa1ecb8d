/**
 * The session check's query key, on its own so the app shell can reach the cached answer without
 * loading the check and its response schema (get-session.ts) on the public pages.
 */
export const SESSION_QUERY_KEY = ['session'] as const;
