import { useQuery } from '@tanstack/react-query';
import { ZHardshipDetail } from '@payrail/contract/hardship';
import { backofficeApi } from '../../../lib/api-client';
import { hardshipKeys } from './keys';

/** GET /api/backoffice/hardship_requests/:id: the request, the borrower, the loan's position, the plans. */
export function useHardshipDetail(id: number) {
  return useQuery({ queryKey: hardshipKeys.detail(id), queryFn: () => backofficeApi.get(`/hardship_requests/${id}`, { schema: ZHardshipDetail }) });
}
