import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsentCentre } from '@payrail/contract/care';
import { backofficeApi } from '../../../lib/api-client';
import { consentsKey } from './get-member-consents';

/** POST …/consents/electronic_communications/withdraw: a withdrawal received by phone or mail (servicer, admin; audited). */
export function useRecordWithdrawal(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.post(`/members/${userId}/consents/electronic_communications/withdraw`, { confirm: true }, { schema: ZConsentCentre }),
    onSuccess: (centre) => queryClient.setQueryData(consentsKey(userId), centre),
  });
}
