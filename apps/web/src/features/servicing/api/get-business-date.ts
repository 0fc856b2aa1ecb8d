import { useQuery } from '@tanstack/react-query';
import { ZBorrowerBusinessDateResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** What a screen that needs servicing's "today" says when it cannot be read (it never falls back to the browser's date). */
export const BUSINESS_DATE_UNAVAILABLE = 'We could not load today’s date for your loan, so payments cannot be set up just now. Please try again.';

/** GET /business_date: servicing's "today" (the server's business clock, not the browser's date). */
export async function getBusinessDate(): Promise<string> {
  return (await apiClient.get('/business_date', { base: 'dashboard', schema: ZBorrowerBusinessDateResponse })).business_date;
}

/** Never stale: each form that opens asks again (staff may move the clock outside production). */
export function useBusinessDate(enabled = true) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'business-date'], queryFn: getBusinessDate, enabled, retry: false, staleTime: 0 });
}
