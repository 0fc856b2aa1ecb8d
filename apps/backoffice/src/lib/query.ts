import type { QueryValue } from '@payrail/client/http-client';

/** Only the parameters that are set, for a query string. */
export function compactQuery(params: object): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    query[key] = value as QueryValue;
  }
  return query;
}

/** Query keys shared across features (an action in one feature refreshes data of another). */
export const applicationKey = (userId: number) => ['backoffice', 'application', userId] as const;
