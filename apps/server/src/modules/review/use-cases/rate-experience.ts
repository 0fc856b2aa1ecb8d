import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { requireConfirmedAccount } from '../../workflow/move';

/** POST /user_feedback: the home panel's five-star rating, with internal feedback text for 1 to 3 stars. */
export async function rateExperience(
  ctx: AppContext,
  member: MemberRow,
  feedback: { rating: number; message: string },
): Promise<{ id: number; rating: number; message: string }> {
  requireConfirmedAccount(member);
  const row = await ctx.repos.review.createUserFeedback({ userId: member.id, rating: feedback.rating, message: feedback.message, at: ctx.now() });
  return { id: row.id, rating: row.rating, message: row.message };
}
