import { useQuery } from '@tanstack/react-query';
import { ZHardshipQueue } from '@payrail/contract/hardship';
import type { HardshipStatus } from '@payrail/contract/hardship';
import { backofficeApi } from '../../../lib/api-client';
import { hardshipKeys } from './keys';

/** GET /api/backoffice/hardship_requests?status=: the hardship queue (read). */
export function useHardshipQueue(status: HardshipStatus | undefined) {
  return useQuery({
    queryKey: hardshipKeys.queue(status),
    queryFn: () => backofficeApi.get('/hardship_requests', { schema: ZHardshipQueue, ...(status ? { query: { status } } : {}) }),
  });
}
