import type { AppContext } from '../../context';

/**
 * The back office's record of a member as other modules read it (issue #28: a module uses its own
 * repositories only; another module's data comes through the owner's exported functions).
 */

/** The member with their borrower row, profile, employer, state and loan purpose (the application detail's), or undefined. */
export const memberRecord = (ctx: AppContext, userId: number) => ctx.repos.backoffice.member(userId);

/** The member's open application, or the newest closed one, or undefined. */
export const applicationOfRecord = (ctx: AppContext, userId: number) => ctx.repos.backoffice.application(userId);
