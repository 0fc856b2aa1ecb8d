import { queryOptions, useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { staffSession } from '../../../lib/staff-session';
import { ZStaffMember } from '@payrail/contract/staff';
import type { TStaffMember } from '@payrail/contract/staff';

/** GET /api/backoffice/me; a 401 is handled globally (back to sign-in). */
export async function getMe(): Promise<TStaffMember> {
  const staff = await backofficeApi.get('/me', { schema: ZStaffMember });
  // Keeps the header's name and role current if an admin changed them.
  staffSession.setStaff(staff);
  return staff;
}

export const meQueryOptions = () => queryOptions({ queryKey: ['backoffice', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
