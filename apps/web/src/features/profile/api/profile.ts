import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProfile, ZRevealSsnResponse } from '@payrail/contract/profile';
import type { TProfile, TUpdateProfileRequest } from '@payrail/contract/profile';
import { apiClient } from '../../../lib/api-client';

/** GET {dashboard}/users/info: the Profile (SSN masked). */
export function getProfile(): Promise<TProfile> {
  return apiClient.get('/users/info', { base: 'dashboard', schema: ZProfile });
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** PUT {dashboard}/users/info: the address dialog's fields; answers the profile, which replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => apiClient.put('/users/info', body, { base: 'dashboard', schema: ZProfile }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}

/** POST {dashboard}/users/info/ssn: the SSN in full for "Show", after the password again; the server logs every call. */
export function revealSsn(password: string): Promise<string | null> {
  return apiClient.post('/users/info/ssn', { password }, { base: 'dashboard', schema: ZRevealSsnResponse }).then((answer) => answer.social_security_number);
}
