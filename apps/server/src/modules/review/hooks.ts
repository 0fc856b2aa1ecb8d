import type { AppContext } from '../../context';

/** What the review module calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type ReviewHooks = {
  /** An application was submitted for review: the referrer's reward for it, once per application (referral). */
  applicationSubmitted: (ctx: AppContext, userId: number, applicationId: number) => Promise<unknown>;
  /**
   * Before a reviewer approves: why the member may not be approved now, or null (employer-portal: an
   * employer answered the employment verification that the applicant is not, or no longer, employed there).
   */
  approvalBlock: (ctx: AppContext, userId: number) => Promise<string | null>;
};
