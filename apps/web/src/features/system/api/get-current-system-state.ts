import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSystemState } from '@payrail/contract/platform';
import type { TSystemState } from '@payrail/contract/platform';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/**
 * GET {api}/current_system_state. Read from the unavailable page itself, so global handling is off:
 * a 503 here must not redirect to the page we are on, and the body may still describe the event.
 */
export async function getCurrentSystemState(): Promise<TSystemState> {
  try {
    return await apiClient.get('/current_system_state', { schema: ZSystemState, globalErrors: false });
  } catch (error) {
    if (isApiError(error) && error.status === 503) {
      const parsed = ZSystemState.safeParse(error.data);
      if (parsed.success) return parsed.data;
    }
    throw error;
  }
}

export const currentSystemStateQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'current-state'],
    queryFn: getCurrentSystemState,
    staleTime: 0,
  });

export function useCurrentSystemState() {
  return useQuery(currentSystemStateQueryOptions());
}
