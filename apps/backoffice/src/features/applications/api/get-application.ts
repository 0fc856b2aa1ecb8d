import { useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey } from '../../../lib/query';
import { ZApplicationDetail } from '@payrail/contract/backoffice';
import type { TApplicationDetail } from '@payrail/contract/backoffice';

/** GET /api/backoffice/applications/:userId — every borrower field, SSN and bank account masked. */
export function getApplication(userId: number): Promise<TApplicationDetail> {
  return backofficeApi.get(`/applications/${userId}`, { schema: ZApplicationDetail });
}

export function useApplication(userId: number) {
  return useQuery({ queryKey: applicationKey(userId), queryFn: () => getApplication(userId) });
}
