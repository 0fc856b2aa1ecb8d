import { useQuery } from '@tanstack/react-query';
import { ZBackofficeEmployerDetail } from '@payrail/contract/employer-portal';
import { backofficeApi } from '../../../lib/api-client';
import { employerKeys } from './keys';

/** GET /api/backoffice/employers/:id: the employer with its portal users and invitations. */
export function useEmployer(id: number) {
  return useQuery({ queryKey: employerKeys.detail(id), queryFn: () => backofficeApi.get(`/employers/${id}`, { schema: ZBackofficeEmployerDetail }) });
}
