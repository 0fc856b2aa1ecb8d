import type { TNotification } from '@payrail/contract/shell-reads';
import { useId, useState } from 'react';
import { Spinner } from '@payrail/ui/spinner';
import { formatDate, truncateNotification } from '@payrail/client/format';
import { useNotifications } from '../api/get-notifications';
import { useToggleNotification } from '../api/mark-notification';
import styles from './notifications.module.css';

function NotificationItem({ notification, onToggle, busy }: { notification: TNotification; onToggle: () => void; busy: boolean }) {
  const unread = notification.status === 'unread';
  const shown = truncateNotification(notification.message);
  const cut = shown !== notification.message;
  const [open, setOpen] = useState(false);
  const fullId = useId();
  return (
    <li className={styles.item}>
      <button type="button" className={styles.toggle} data-status={notification.status} aria-busy={busy || undefined} onClick={onToggle}>
        <span className={styles.dot} aria-hidden="true" />
        {/* The list shows the first 42 characters (spec §9); assistive technology reads all of it. */}
        <span className={styles.message} aria-hidden={cut || undefined}>
          {shown}
        </span>
        {cut ? <span className="visually-hidden">{notification.message}</span> : null}
        <span className={styles.meta}>
          {formatDate(notification.updated_at)}
          <span className="visually-hidden">{unread ? '. Unread, activate to mark as read.' : '. Read, activate to mark as unread.'}</span>
        </span>
      </button>
      {/* A cut message opens in full under the row (touch screens have no hover tooltip). */}
      {cut ? (
        <>
          <button type="button" className={styles.more} aria-expanded={open} aria-controls={fullId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide the full message' : 'Read the full message'}
          </button>
          <p id={fullId} className={styles.full} hidden={!open}>
            {notification.message}
          </p>
        </>
      ) : null}
    </li>
  );
}

/** The notifications, each toggling between read and unread when activated. */
export function NotificationList() {
  const { data, isPending, isError } = useNotifications();
  const toggle = useToggleNotification();
  if (isPending) {
    return (
      <p className={styles.empty}>
        <Spinner label="Loading notifications" />
      </p>
    );
  }
  if (isError) return <p className={styles.empty}>Notifications could not be loaded.</p>;
  if (data.length === 0) return <p className={styles.empty}>You have no notifications.</p>;
  return (
    <ul className={styles.list}>
      {data.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          busy={toggle.isPending && toggle.variables?.id === notification.id}
          onToggle={() => {
            if (!toggle.isPending) toggle.mutate(notification);
          }}
        />
      ))}
    </ul>
  );
}
