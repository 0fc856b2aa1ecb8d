/** The spec's API bases; all default to /api, where the Payrail server serves every call. */
export type ApiBase = 'auth' | 'flow' | 'api' | 'dashboard';

const env = import.meta.env;
const apiBase = env.VITE_API_BASE || '/api';

/** Each base's URL (a module of its own: the entry script names a page's first reads with it, api-client.ts calls them). */
export const apiBases: Record<ApiBase, string> = {
  auth: env.VITE_AUTH_BASE || '/api',
  flow: env.VITE_FLOW_BASE || '/api',
  api: apiBase,
  // The dashboard API is the same service as the general API.
  dashboard: apiBase,
};
