import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOngoingLoansResponse } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /loans/ongoing_loans: the opened loan and the loan being applied for (either may be absent). */
export function getOngoingLoans(): Promise<TOngoingLoansResponse> {
  return apiClient.get('/loans/ongoing_loans', {
    base: 'dashboard',
    schema: import('@payrail/contract/servicing').then((contract) => contract.ZOngoingLoansResponse),
  });
}

export const ongoingLoansQuery = () => queryOptions({ queryKey: [...SERVICING_KEY, 'ongoing'], queryFn: getOngoingLoans, retry: false });

export function useOngoingLoans() {
  return useQuery(ongoingLoansQuery());
}
