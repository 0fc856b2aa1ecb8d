import { queryOptions } from '@tanstack/react-query';
import { ZNavigationStackResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TNavigationStack = z.infer<typeof ZNavigationStackResponse>;

/** GET {flow}/workflow/navigation_stack: the back-button stack the server derives from the history. */
export function getNavigationStack(options: { globalErrors?: boolean } = {}): Promise<TNavigationStack> {
  return apiClient.get('/workflow/navigation_stack', { base: 'flow', schema: ZNavigationStackResponse, ...options });
}

export const navigationStackQueryOptions = () =>
  queryOptions({ queryKey: ['workflow', 'navigation-stack'], queryFn: () => getNavigationStack(), staleTime: 0 });
