import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotification } from '@payrail/contract/shell-reads';
import { apiClient } from '../../../lib/api-client';

/** GET {dashboard}/notifications: the borrower's notifications, newest first. The schema loads with the request. */
export function getNotifications(): Promise<TNotification[]> {
  return apiClient.get('/notifications', {
    base: 'dashboard',
    schema: import('@payrail/contract/shell-reads').then((contract) => contract.ZNotificationList),
  });
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
