import { useQuery } from '@tanstack/react-query';
import { ZNewflowEvidence, type TNewflowEvidence } from '@payrail/contract/newflow';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey } from '../../../lib/query';

/** GET /api/backoffice/applications/:userId/newflow — the new-flow evidence (payroll link, split deposit, rate check). */
export function getNewflowEvidence(userId: number): Promise<TNewflowEvidence> {
  return backofficeApi.get(`/applications/${userId}/newflow`, { schema: ZNewflowEvidence });
}

export function useNewflowEvidence(userId: number) {
  return useQuery({ queryKey: [...applicationKey(userId), 'newflow'], queryFn: () => getNewflowEvidence(userId) });
}
