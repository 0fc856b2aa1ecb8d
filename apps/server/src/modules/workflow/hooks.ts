import type { TOkStatusResponse } from '@payrail/contract/application';
import type { TStatusResponse } from '@payrail/contract/identity';
import type { FeedbackRequestFacts } from '@payrail/domain/workflow/feedback-facts';
import type { AppContext } from '../../context';
import type { MemberRow } from '../../db/rows';

/** What the workflow calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type WorkflowHooks = {
  /**
   * The borrower confirms the refinance review (a change of status to ready_for_review from the refinance
   * review or terms): the refinance module checks what the screen asks, submits and moves (refinance).
   */
  refinanceReviewConfirmed: (ctx: AppContext, member: MemberRow) => Promise<TOkStatusResponse & TStatusResponse>;
  /** The member's open feedback request, or undefined: what answering it leads to is a guard fact (review). */
  openFeedback: (ctx: AppContext, userId: number) => Promise<FeedbackRequestFacts | undefined>;
  /** The member's live receiving bank account, or undefined: a linked one is the `bankLinked` guard fact (banking). */
  receiverAccount: (ctx: AppContext, userId: number) => Promise<{ source: string } | undefined>;
};
