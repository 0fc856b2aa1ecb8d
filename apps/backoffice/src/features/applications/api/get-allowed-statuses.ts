import { useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZAllowedStatusesResponse } from '@payrail/contract/application';
import { applicationPath } from './application-path';

export const allowedStatusesKey = (userId: number) => ['backoffice', 'allowed-statuses', userId] as const;

/** GET …/allowed_statuses */
export function useAllowedStatuses(userId: number, enabled = true) {
  return useQuery({
    queryKey: allowedStatusesKey(userId),
    queryFn: () => backofficeApi.get(`${applicationPath(userId)}/allowed_statuses`, { schema: ZAllowedStatusesResponse }),
    enabled,
  });
}
