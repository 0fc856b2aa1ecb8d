import type { AppContext } from '../../context';

/** A hardship request that waits for the borrower's answer, as the requests inbox shows it. */
export type HardshipQuestion = { id: number; loanId: number; identifier: string; staffMessage: string | null; since: Date };

/** What care calls in the modules after it (lib/hooks.ts; wired in module-hooks.ts). */
export type CareHooks = {
  /** The member's hardship requests waiting for their answer, with the loan's number (hardship; docs/hardship.md). */
  hardshipQuestions: (ctx: AppContext, userId: number) => Promise<HardshipQuestion[]>;
};
