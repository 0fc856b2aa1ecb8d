import { useQuery } from '@tanstack/react-query';
import { ZReapplyResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';

/** GET /reapply: `today`, `never` or `YYYY-MM-DD`. */
export function getReapply() {
  return apiClient.get('/reapply', { base: 'flow', schema: ZReapplyResponse });
}

export function useReapply(enabled: boolean) {
  return useQuery({ queryKey: ['home', 'reapply'], queryFn: getReapply, enabled, retry: false });
}
