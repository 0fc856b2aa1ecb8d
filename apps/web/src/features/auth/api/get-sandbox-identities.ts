import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSandboxIdentity } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';

export type TSandboxIdentity = z.infer<typeof ZSandboxIdentity>;

/** GET {api}/dev/identities (non-production servers): the people of the sandbox identity picker. */
export function getSandboxIdentities(): Promise<TSandboxIdentity[]> {
  return apiClient.get('/dev/identities', { auth: false, schema: import('./sandbox-identities-schema').then((module) => module.sandboxIdentitiesSchema) });
}

/** Fetched each time the picker opens: the tokens expire and the "new person" changes every call. */
export const sandboxIdentitiesQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sandbox-identities'], queryFn: getSandboxIdentities, staleTime: 0, gcTime: 0 });

export function useSandboxIdentities(enabled: boolean) {
  return useQuery({ ...sandboxIdentitiesQueryOptions(), enabled });
}
