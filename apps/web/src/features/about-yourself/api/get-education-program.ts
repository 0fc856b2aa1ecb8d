import { useQuery } from '@tanstack/react-query';
import { ZEducationProgramResponse } from '@payrail/contract/application';
import type { TEducationProgramResponse } from '@payrail/contract/application';
import { apiClient } from '../../../lib/api-client';
import { aboutYourselfKeys } from './keys';

/** GET {flow}/education_program: whether the education-program modal opens (spec §2). */
export function getEducationProgram(): Promise<TEducationProgramResponse> {
  return apiClient.get('/education_program', { base: 'flow', schema: ZEducationProgramResponse });
}

export function useEducationProgram() {
  return useQuery({ queryKey: aboutYourselfKeys.education, queryFn: getEducationProgram, staleTime: Infinity, gcTime: 0 });
}
