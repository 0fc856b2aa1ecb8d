import { useQuery } from '@tanstack/react-query';
import { ZBackofficeEmployerList } from '@payrail/contract/employer-portal';
import { backofficeApi } from '../../../lib/api-client';
import { employerKeys } from './keys';

/** GET /api/backoffice/employers (manageEmployerUsers): b2b partners first. */
export function useEmployers() {
  return useQuery({ queryKey: employerKeys.list, queryFn: () => backofficeApi.get('/employers', { schema: ZBackofficeEmployerList }) });
}
