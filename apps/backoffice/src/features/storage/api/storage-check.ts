import { useQuery } from '@tanstack/react-query';
import { ZStorageCheckResponse } from '@payrail/contract/documents';
import { backofficeApi } from '../../../lib/api-client';

export const storageCheckKey = ['backoffice', 'storage-check'] as const;

/** GET /api/backoffice/storage_check (servicers, admins): stored files whose bytes are missing. Run on each visit and on demand. */
export function useStorageCheck() {
  return useQuery({
    queryKey: storageCheckKey,
    queryFn: () => backofficeApi.get('/storage_check', { schema: ZStorageCheckResponse }),
    staleTime: 0,
    retry: false,
  });
}
