import type { AppContext } from '../../../context';
import type { NotificationRow } from '../repository';

/**
 * Tells a borrower something in their notification menu, for an event that is not itself a database
 * transaction of ours (a referral reward credited, a loan paid off by a payment). Events that are
 * transactions write through `insertNotification` inside them (engagement/repository.ts).
 */
export function notifyBorrower(ctx: AppContext, userId: number, message: string): Promise<NotificationRow> {
  return ctx.repos.engagement.addNotification(userId, message, ctx.now());
}
