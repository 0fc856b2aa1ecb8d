import { useQuery } from '@tanstack/react-query';
import { ZConsentCentre } from '@payrail/contract/care';
import { backofficeApi } from '../../../lib/api-client';

export const consentsKey = (userId: number) => ['care', 'consents', userId] as const;

/** GET /api/backoffice/members/:userId/consents: the borrower's consent centre (records, E-SIGN consent, delivery). */
export function useMemberConsents(userId: number) {
  return useQuery({ queryKey: consentsKey(userId), queryFn: () => backofficeApi.get(`/members/${userId}/consents`, { schema: ZConsentCentre }) });
}
