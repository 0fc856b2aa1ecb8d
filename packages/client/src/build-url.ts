/** A query parameter's value; null and undefined leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL of a path on an API base, with its query: what the HTTP client requests. A module of its own so
 * that the web app's entry script can name the URLs a page reads first without loading the client.
 */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const trimmedBase = base.endsWith('/') ? base.slice(0, -1) : base;
  const joinedPath = path.startsWith('/') ? path : `/${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return `${trimmedBase}${joinedPath}${qs ? (joinedPath.includes('?') ? '&' : '?') + qs : ''}`;
}
