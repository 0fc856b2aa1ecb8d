import { isApiError } from '../../../lib/http-client';

/** The server's first message (`error_messages` or `error`), else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.data === 'object' && error.data !== null) {
    const data = error.data as { error_messages?: unknown; error?: unknown };
    if (Array.isArray(data.error_messages) && typeof data.error_messages[0] === 'string') return data.error_messages[0];
    if (typeof data.error === 'string') return data.error;
  }
  return fallback;
}
