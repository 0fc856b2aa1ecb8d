import type { AppContext } from '../../context';

/** What the new flow calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type NewflowHooks = {
  /** The member's newest loan, or undefined while none is funded (back office): what the approved step shows as funded. */
  latestLoan: (ctx: AppContext, userId: number) => Promise<{ identifier: string } | undefined>;
};
