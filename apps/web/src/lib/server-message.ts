import { isApiError } from '@payrail/client/http-client';

/** The server's own words for a refused or failed request (`error.serverMessage`), else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) ? (error.serverMessage ?? fallback) : fallback;
}
