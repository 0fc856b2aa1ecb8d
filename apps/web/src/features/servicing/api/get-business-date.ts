import { useQuery } from '@tanstack/react-query';
import { ZBorrowerBusinessDateResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /business_date: servicing's "today" (the server's business clock, not the browser's date). */
export async function getBusinessDate(): Promise<string> {
  return (await apiClient.get('/business_date', { base: 'dashboard', schema: ZBorrowerBusinessDateResponse })).business_date;
}

/** Never stale: each form that opens asks again (staff may move the clock outside production). */
export function useBusinessDate(enabled = true) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'business-date'], queryFn: getBusinessDate, enabled, retry: false, staleTime: 0 });
}
