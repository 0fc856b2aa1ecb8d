import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZReferCodeResponse } from '@payrail/contract/identity';
import { ZReferralProgram } from '@payrail/contract/referral';
import { apiClient } from '../../../lib/api-client';

export const referralKeys = { program: ['referral', 'program'] as const };

/** GET {dashboard}/referral: code, friends, rewards history, level and progress. */
export function useReferralProgram() {
  return useQuery({ queryKey: referralKeys.program, queryFn: () => apiClient.get('/referral', { base: 'dashboard', schema: ZReferralProgram }) });
}

/** POST {api}/refer_code: the borrower enters the code of the friend who referred them. */
export function useReferFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post('/refer_code', { refer_code: code }, { schema: ZReferCodeResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.program }),
  });
}

/** PATCH {dashboard}/benefits/read: the borrower saw their (new) level. */
export function markBenefitsRead() {
  return apiClient.patch('/benefits/read', undefined, { base: 'dashboard' });
}
