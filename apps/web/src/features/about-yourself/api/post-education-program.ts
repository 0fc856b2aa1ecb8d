import type { TEducationProgramRequest } from '@payrail/contract/application';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** POST {flow}/education_program: the agreement and the two initials (spec §5). */
export function postEducationProgram(body: TEducationProgramRequest) {
  return apiClient.post('/education_program', body, { base: 'flow', schema: z.object({ ok: z.literal(true) }) });
}
