import { useMutation } from '@tanstack/react-query';
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import type { TStatusResponse, TWorkflowStatus, ZStatusRefused } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import type { ResponseSchema } from '@payrail/client/http-client';
import { oneOf, record, string } from '../../../lib/wire-check';

/**
 * POST {flow}/workflow/change_status: a move the borrower chooses (the back button). The answer's schema
 * loads with the request: the new-flow shell's Back link imports this module (docs/architecture.md).
 */
export function postChangeStatus(newStatus: string): Promise<TStatusResponse> {
  return apiClient.post(
    '/workflow/change_status',
    { new_status: newStatus },
    { base: 'flow', schema: import('@payrail/contract/identity').then((contract) => contract.ZStatusResponse) },
  );
}

/**
 * POST {flow}/change_status `{ new_status }` (classic §7, the call without the /workflow prefix): a status a
 * classic screen sets going forward (the refinance review's ready_for_review). Answers the status reached,
 * read from `workflow_status.next_status`; a refusal is the same 4xx `{ error, current_status }`.
 */
export async function postSetStatus(newStatus: TWorkflowStatus): Promise<TWorkflowStatus> {
  const answer = await apiClient.post(
    '/change_status',
    { new_status: newStatus },
    { base: 'flow', schema: import('@payrail/contract/identity').then((contract) => contract.ZStatusResponse) },
  );
  return answer.workflow_status.next_status;
}

export function useChangeStatus() {
  return useMutation({ mutationFn: postChangeStatus });
}

/**
 * The contract's `ZStatusRefused`, checked by hand: every workflow move reads its refusals with it, and the
 * new-flow shell (on the sign-up page's first load) holds the moves, without zod (wire-check.ts).
 */
export const statusRefusedSchema: ResponseSchema<z.infer<typeof ZStatusRefused>> = {
  parse(data) {
    const answer = record(data, 'refusal');
    return { error: string(answer.error, 'refusal.error'), current_status: oneOf(answer.current_status, WORKFLOW_STATUSES, 'refusal.current_status') };
  },
};

/** A refused move answers 422 `{ error, current_status }`: the status the client should adopt (`refusedStatus`). */
export function refusedCurrentStatus(error: unknown): TWorkflowStatus | null {
  return refusedStatus(error);
}
