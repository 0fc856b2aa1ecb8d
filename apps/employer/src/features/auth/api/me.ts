import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEmployerUser } from '@payrail/contract/employer-portal';
import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { portalApi } from '../../../lib/api-client';
import { employerSession } from '../../../lib/employer-session';

/** GET /api/employer_portal/me; a 401 is handled globally (back to sign-in). */
export async function getMe(): Promise<TEmployerUser> {
  const user = await portalApi.get('/me', { schema: ZEmployerUser });
  // Keeps the header's employer and name current.
  employerSession.setUser(user);
  return user;
}

export const meQueryOptions = () => queryOptions({ queryKey: ['employer', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
