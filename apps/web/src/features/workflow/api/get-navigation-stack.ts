import { queryOptions } from '@tanstack/react-query';
import type { TNavigationStackResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';

export type TNavigationStack = TNavigationStackResponse;

/**
 * GET {flow}/workflow/navigation_stack: the back-button stack the server derives from the history. The
 * answer's schema loads with the request: the workflow moves are in the new-flow shell (docs/architecture.md).
 */
export function getNavigationStack(options: { globalErrors?: boolean } = {}): Promise<TNavigationStack> {
  return apiClient.get('/workflow/navigation_stack', {
    base: 'flow',
    schema: import('@payrail/contract/identity').then((contract) => contract.ZNavigationStackResponse),
    ...options,
  });
}

export const navigationStackQueryOptions = () =>
  queryOptions({ queryKey: ['workflow', 'navigation-stack'], queryFn: () => getNavigationStack(), staleTime: 0 });
