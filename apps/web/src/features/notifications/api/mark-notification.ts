import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@payrail/contract/shell-reads';
import { apiClient } from '../../../lib/api-client';
import { notificationSchema, notificationsQueryOptions } from './get-notifications';

/**
 * PATCH {dashboard}/notifications/read/{id} or /unread/{id}: clicking an unread notification marks it
 * read, clicking a read one marks it unread again (spec §4).
 */
export function markNotification(notification: Pick<TNotification, 'id' | 'status'>): Promise<TNotification> {
  const target = notification.status === 'unread' ? 'read' : 'unread';
  return apiClient.patch(`/notifications/${target}/${notification.id}`, undefined, { base: 'dashboard', schema: notificationSchema });
}

export function useToggleNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotification,
    onSuccess: (updated) => {
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) => list?.map((item) => (item.id === updated.id ? updated : item)));
    },
  });
}
