import type { HardshipStatus } from '@payrail/contract/hardship';

export const hardshipKeys = {
  queue: (status: HardshipStatus | undefined) => ['hardship', 'queue', status ?? 'all'] as const,
  detail: (id: number) => ['hardship', 'detail', id] as const,
};
