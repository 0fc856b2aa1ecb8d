import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import type { TState } from '@payrail/contract/reference';

/** Step 1 of sign-up: a state must be chosen, and Payrail must lend there (spec §5). */
export const stateOfResidenceSchema = (states: readonly TState[]) =>
  z.object({
    state_id: z
      .string()
      .min(1, MSG.stateBlank)
      .refine((value) => states.find((state) => String(state.id) === value)?.is_available === true, MSG.stateUnavailable),
  });

export type StateOfResidenceValues = z.infer<ReturnType<typeof stateOfResidenceSchema>>;
