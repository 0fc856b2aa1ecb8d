import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { compactQuery } from '../../../lib/query';
import { ZAuditResponse } from '@payrail/contract/backoffice';

/** The audit call's parameters (the contract's ZAuditQuery, typed as the page builds them). */
export interface AuditParams {
  staff_id?: number;
  action?: string;
  user_id?: number;
  from?: string;
  to?: string;
  page?: number;
  per_page?: number;
}

/** GET /api/backoffice/audit?staff_id&action&user_id&from&to&page&per_page (admins). */
export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: ['backoffice', 'audit', params],
    queryFn: () => backofficeApi.get('/audit', { query: compactQuery(params), schema: ZAuditResponse }),
    placeholderData: keepPreviousData,
  });
}
