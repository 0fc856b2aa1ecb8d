import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStepGetResponse } from '@payrail/contract/newflow';
import { getApplicationStep, postApplicationStep, refusedStepStatus } from '../../../lib/application-step';
import type { StepPostResult } from '../../../lib/application-step';
import { isApiError } from '@payrail/client/http-client';
import { notify } from '@payrail/ui/toast/notify';
import { useNewflowMoves } from '../lib/newflow-context';

export const stepKey = (step: string) => ['newflow', 'step', step] as const;

export interface StepRead<T> {
  base: TStepGetResponse;
  data: T | null;
}

/**
 * GET the step's data and parse it with the step's schema. A GET whose `data` is null names in
 * `new_status` where the application is: the page opens that status's page instead.
 */
export function useStepData<T>(step: string, schema: { parse(data: unknown): T }, options: { enabled?: boolean } = {}) {
  const moves = useNewflowMoves();
  return useQuery<StepRead<T>>({
    queryKey: stepKey(step),
    queryFn: async () => {
      const base = await getApplicationStep(step);
      if (base.data === null && base.new_status && base.new_status !== step) moves.goTo(base.new_status);
      return { base, data: base.data === null ? null : schema.parse(base.data) };
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    enabled: options.enabled ?? true,
  });
}

export type SubmitOutcome =
  { kind: 'moved'; answer: StepPostResult } | { kind: 'invalid'; fieldErrors: Record<string, string>; message: string | null } | { kind: 'failed' };

/** First message of each field of a 422 answer (newflow §8 "step errors are read from response errors"). */
function firstMessages(errors: Record<string, readonly string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) out[field] = first;
  }
  return out;
}

/**
 * POST the step. Accepted → newflow §4 navigation (unless `stay`); 409 out of order → the page of the
 * server's status; 422 → the field messages for the form. 401/403/503 were handled globally.
 */
export function useSubmitStep() {
  const moves = useNewflowMoves();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const submit = useCallback(
    async (body: { workflow_status_key: string } & Record<string, unknown>, options: { stay?: boolean } = {}): Promise<SubmitOutcome> => {
      setPending(true);
      try {
        const answer = await postApplicationStep(body);
        if (!options.stay) {
          await queryClient.invalidateQueries({ queryKey: ['newflow'] });
          await moves.moveOn(answer);
        }
        return { kind: 'moved', answer };
      } catch (error) {
        const current = refusedStepStatus(error);
        if (current) {
          if (isApiError(error) && error.serverMessage) notify.error(error.serverMessage);
          moves.goTo(current);
          return { kind: 'failed' };
        }
        if (isApiError(error) && error.status === 422) {
          return { kind: 'invalid', fieldErrors: firstMessages(error.fieldErrors), message: error.serverMessage ?? null };
        }
        if (isApiError(error) && ![401, 403, 503].includes(error.status)) notify.error(error.serverMessage ?? error.message);
        return { kind: 'failed' };
      } finally {
        setPending(false);
      }
    },
    [moves, queryClient],
  );
  return { submit, pending };
}
