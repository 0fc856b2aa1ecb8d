import type { TNotification } from '@payrail/contract/identity';
import { SERVER_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { toNotification } from './list-notifications';

/**
 * PATCH /notifications/read/{id} and /unread/{id}. Another member's notification answers 404, the same
 * as a missing one, so ids reveal nothing.
 */
export async function markNotification(ctx: AppContext, userId: number, id: number, status: 'read' | 'unread'): Promise<TNotification> {
  const row = await ctx.repos.engagement.setNotificationStatus(userId, id, status, ctx.now());
  if (!row) throw AppError.notFound(SERVER_MSG.notificationNotFound);
  return toNotification(row);
}
