import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotification } from '@payrail/contract/shell-reads';
import type { ResponseSchema } from '@payrail/client/http-client';
import { apiClient } from '../../../lib/api-client';
import { array, integer, oneOf, record, string } from '../../../lib/wire-check';

/**
 * The contract's `NOTIFICATION_STATUSES`, which lives beside its zod schemas: repeated here so this module
 * imports no zod. The type below fails to compile if the contract's statuses and these ever differ.
 */
const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
type SameStatuses = [TNotification['status']] extends [(typeof NOTIFICATION_STATUSES)[number]]
  ? [(typeof NOTIFICATION_STATUSES)[number]] extends [TNotification['status']]
    ? true
    : false
  : false;
const sameStatuses: SameStatuses = true;
void sameStatuses;

function notification(value: unknown, what: string): TNotification {
  const answer = record(value, what);
  return {
    id: integer(answer.id, `${what}.id`),
    status: oneOf(answer.status, NOTIFICATION_STATUSES, `${what}.status`),
    message: string(answer.message, `${what}.message`),
    updated_at: string(answer.updated_at, `${what}.updated_at`),
  };
}

/** The contract's `ZNotification`, checked by hand: the signed-in shell draws its bell without waiting for zod (wire-check.ts). */
export const notificationSchema: ResponseSchema<TNotification> = { parse: (data) => notification(data, 'notification') };
/** The contract's `ZNotificationList`, checked by hand. */
export const notificationListSchema: ResponseSchema<TNotification[]> = { parse: (data) => array(data, notification, 'notifications') };

/** GET {dashboard}/notifications: the borrower's notifications, newest first. */
export function getNotifications(): Promise<TNotification[]> {
  return apiClient.get('/notifications', { base: 'dashboard', schema: notificationListSchema });
}

export const notificationsQueryOptions = () => queryOptions({ queryKey: ['notifications'], queryFn: getNotifications, staleTime: 60_000 });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** Unread notifications, for the bell's badge. */
export function unreadCount(notifications: readonly TNotification[] | undefined): number {
  return notifications?.filter((notification) => notification.status === 'unread').length ?? 0;
}

/** The badge text: the count, '9+' above 9 (spec §9), nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
