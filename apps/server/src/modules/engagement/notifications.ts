import type { AppContext } from '../../context';
import type { NotificationRow } from './repository';

/**
 * The member's notifications as other modules write them (issue #28: a module uses its own repositories
 * only; another module's data comes through the owner's exported functions).
 */

/** Adds a notification to the member's list, dated `at`; answers the stored row. */
export const notifyMember = (ctx: AppContext, userId: number, message: string, at: Date): Promise<NotificationRow> =>
  ctx.repos.engagement.addNotification(userId, message, at);
