import { isApiError } from '@payrail/client/http-client';

/** The field errors of a 422 (`{ errors: { field: [msg] } }`), first message each; else `error` under `fallbackKey`. */
export function fieldErrorsOf(error: unknown, fallbackKey?: string): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) if (messages[0]) out[field] = messages[0];
  if (Object.keys(out).length === 0 && fallbackKey && error.serverMessage) out[fallbackKey] = error.serverMessage;
  return out;
}
