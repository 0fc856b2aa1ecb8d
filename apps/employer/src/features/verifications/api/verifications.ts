import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEmployerVerification, ZEmployerVerificationList } from '@payrail/contract/employer-verifications';
import type { TEmployerVerification, TEmployerVerificationAnswer, TEmployerVerificationList } from '@payrail/contract/employer-verifications';
import { portalApi } from '../../../lib/api-client';

const key = ['employer', 'verifications'] as const;

/** GET /verifications: open requests first, then answered and expired. */
export function useVerifications() {
  return useQuery({ queryKey: key, queryFn: (): Promise<TEmployerVerificationList> => portalApi.get('/verifications', { schema: ZEmployerVerificationList }) });
}

/** POST /verifications/{id}/answer. */
export function useAnswerVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TEmployerVerificationAnswer }): Promise<TEmployerVerification> =>
      portalApi.post(`/verifications/${String(id)}/answer`, body, { schema: ZEmployerVerification }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
