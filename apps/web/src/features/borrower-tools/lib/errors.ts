import { isApiError } from '@payrail/client/http-client';

/** The server's messages (`error_messages`, else `error`), else the fallback. */
export function serverMessages(error: unknown, fallback: string): string[] {
  if (isApiError(error) && typeof error.data === 'object' && error.data !== null) {
    const data = error.data as { error_messages?: unknown; error?: unknown };
    if (Array.isArray(data.error_messages) && data.error_messages.length > 0 && data.error_messages.every((m) => typeof m === 'string'))
      return data.error_messages as string[];
    if (typeof data.error === 'string') return [data.error];
  }
  return [fallback];
}

/** The server's first message, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return serverMessages(error, fallback)[0] ?? fallback;
}
