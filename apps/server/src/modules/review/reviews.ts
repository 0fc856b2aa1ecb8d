import type { AppContext } from '../../context';
import type { FeedbackRow, NewStaffAction, Transition } from './repository';

/**
 * The review's records — feedback requests, the staff action trail, a status change with what it carries —
 * as other modules read and write them (issue #28: a module uses its own repositories only; another module's
 * data comes through the owner's exported functions).
 */

/** The member's open feedback request (the newest; older open ones are superseded), or undefined. */
export const openFeedback = (ctx: AppContext, userId: number): Promise<FeedbackRow | undefined> => ctx.repos.review.openFeedback(userId);

/** The member's open feedback request, else the newest one sent (answered or superseded), or undefined when none was sent. */
export async function openOrLatestFeedback(ctx: AppContext, userId: number): Promise<FeedbackRow | undefined> {
  return (await ctx.repos.review.openFeedback(userId)) ?? (await ctx.repos.review.latestFeedback(userId));
}

/** Appends a staff action to the audit trail on its own (an action that moves nothing). */
export const recordStaffAction = (ctx: AppContext, action: NewStaffAction): Promise<void> => ctx.repos.review.recordStaffAction(action);

/** Applies a status change and what it carries in one transaction; refuses when the move lost a race or an SSN is taken. */
export const commitTransition = (ctx: AppContext, transition: Transition) => ctx.repos.review.commit(transition);
