import { useQuery } from '@tanstack/react-query';
import { ZBusinessDateResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { KEY, SERVICING_PATHS } from './keys';

export function useBusinessDate() {
  return useQuery({ queryKey: [...KEY, 'business-date'], queryFn: () => backofficeApi.get(SERVICING_PATHS.businessDate, { schema: ZBusinessDateResponse }) });
}
