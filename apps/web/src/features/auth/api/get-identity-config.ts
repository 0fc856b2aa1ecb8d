import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZIdentityProviderConfig } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TIdentityConfig = z.infer<typeof ZIdentityProviderConfig>;

/** GET {auth}/identity/config: the social identity provider, `sandbox` (dev picker) or `google`. Fetched on a click; the schema loads with it. */
export function getIdentityConfig(): Promise<TIdentityConfig> {
  return apiClient.get('/identity/config', {
    base: 'auth',
    auth: false,
    schema: import('@payrail/contract/identity').then((contract) => contract.ZIdentityProviderConfig),
  });
}

export const identityConfigQueryOptions = () => queryOptions({ queryKey: ['auth', 'identity-config'], queryFn: getIdentityConfig, staleTime: Infinity });

export function useIdentityConfig() {
  return useQuery(identityConfigQueryOptions());
}
