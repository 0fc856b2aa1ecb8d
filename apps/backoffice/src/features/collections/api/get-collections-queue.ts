import { useQuery } from '@tanstack/react-query';
import { ZCollectionsQueue } from '@payrail/contract/collections';
import { backofficeApi } from '../../../lib/api-client';
import { collectionsKeys } from './keys';
import type { QueueBucket } from './keys';

/** GET /api/backoffice/collections/queue: counts per bucket and one keyset page (collect). */
export function useCollectionsQueue(bucket: QueueBucket | 'all', cursor: string | null) {
  return useQuery({
    queryKey: collectionsKeys.queue(bucket, cursor),
    queryFn: () =>
      backofficeApi.get('/collections/queue', {
        schema: ZCollectionsQueue,
        query: { per_page: 25, ...(bucket === 'all' ? {} : { bucket }), ...(cursor ? { cursor } : {}) },
      }),
  });
}
