import type { AppContext } from '../../context';
import type { feedbackRequests } from '../../db/schema/index';

/** What the banking module calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type BankingHooks = {
  /** The member's open feedback request, else the newest one sent, or undefined when none was sent (review). */
  openOrLatestFeedback: (ctx: AppContext, userId: number) => Promise<typeof feedbackRequests.$inferSelect | undefined>;
};
