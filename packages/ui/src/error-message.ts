import { isApiError } from '@payrail/client/http-client';

/** The server's own words when it gave any, else a calm generic line (the staff apps' reads and actions). */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.serverMessage ?? (error.status === 0 ? error.message : fallback);
  return fallback;
}
