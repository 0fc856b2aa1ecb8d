import type { TNotification } from '@payrail/contract/identity';
import type { AppContext } from '../../../context';
import type { NotificationRow } from '../repository';

export const toNotification = (n: NotificationRow): TNotification => ({
  id: n.id,
  status: n.status,
  message: n.message,
  updated_at: n.updatedAt.toISOString(),
});

/** GET /notifications: the member's notifications, newest first. */
export async function listNotifications(ctx: AppContext, userId: number): Promise<TNotification[]> {
  return (await ctx.repos.engagement.listNotifications(userId)).map(toNotification);
}
