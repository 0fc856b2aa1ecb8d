import { useMutation } from '@tanstack/react-query';
import { ZStatusResponse, ZStatusRefused, type TWorkflowStatus } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/** POST {flow}/workflow/change_status: a move the borrower chooses (the back button). */
export function postChangeStatus(newStatus: string): Promise<z.infer<typeof ZStatusResponse>> {
  return apiClient.post('/workflow/change_status', { new_status: newStatus }, { base: 'flow', schema: ZStatusResponse });
}

export function useChangeStatus() {
  return useMutation({ mutationFn: postChangeStatus });
}

/** A refused move answers 422 `{ error, current_status }`: the status the client should adopt. */
export function refusedCurrentStatus(error: unknown): TWorkflowStatus | null {
  if (!isApiError(error)) return null;
  const parsed = ZStatusRefused.safeParse(error.data);
  return parsed.success ? parsed.data.current_status : null;
}
