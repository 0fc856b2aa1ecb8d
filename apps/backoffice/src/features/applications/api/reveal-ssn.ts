import { useMutation } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZRevealSsnResponse } from '@payrail/contract/backoffice';

/** POST /api/backoffice/applications/:userId/reveal_ssn — audited; the answer is never cached. */
export async function revealSsn(userId: number): Promise<string | null> {
  const answer = await backofficeApi.post(`/applications/${userId}/reveal_ssn`, undefined, { schema: ZRevealSsnResponse });
  return answer.social_security_number;
}

export function useRevealSsn(userId: number) {
  return useMutation({ mutationFn: () => revealSsn(userId) });
}
