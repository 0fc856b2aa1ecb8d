import { useQuery } from '@tanstack/react-query';
import { ZSuspenseResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { KEY, SERVICING_PATHS } from './keys';

export function useSuspense() {
  return useQuery({ queryKey: [...KEY, 'suspense'], queryFn: () => backofficeApi.get(SERVICING_PATHS.suspense, { schema: ZSuspenseResponse }) });
}
