import { useEffect, useId, useRef, useState } from 'react';
import { badgeText, unreadCount, useNotifications } from '../api/get-notifications';
import { NotificationList } from './notification-list';
import styles from './notifications.module.css';

export function BellIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 3a6 6 0 00-6 6v3.6L4.3 15.4A1 1 0 005.2 17h13.6a1 1 0 00.9-1.6L18 12.6V9a6 6 0 00-6-6zM9.5 19a2.5 2.5 0 005 0z" fill="currentColor" />
    </svg>
  );
}

/** The accessible name of the bell: how many are unread, in words. */
export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
}

/**
 * The header's notification bell (spec §2, §9): a badge with the unread count ('9+' above 9) and a
 * panel at most 348 px tall and 340 px wide. A disclosure, not an ARIA menu: the items are buttons that
 * toggle read/unread, reached with Tab; Escape or a click outside closes it.
 */
export function NotificationMenu() {
  const { data } = useNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unread = unreadCount(data);
  const badge = badgeText(unread);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.bell}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={bellLabel(unread)}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon className={styles.bellIcon} />
        {badge ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={panelId} className={styles.panel} aria-label="Notifications">
          <header className={styles.panelHeader}>
            <h2 className={styles.panelTitle}>Notifications</h2>
            <span className={styles.panelCount}>{unread === 0 ? 'All read' : `${unread} unread`}</span>
          </header>
          <div className={styles.scroll}>
            <NotificationList />
          </div>
        </section>
      ) : null}
    </div>
  );
}
