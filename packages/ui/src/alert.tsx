import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertKind = 'success' | 'info' | 'warning' | 'error';

export interface AlertProps {
  kind?: AlertKind;
  title?: ReactNode;
  children?: ReactNode;
  /** Interrupts the screen reader: use for errors that appear after an action. */
  assertive?: boolean;
  className?: string;
}

const kindLabel: Record<AlertKind, string> = { success: 'Success', info: 'Information', warning: 'Warning', error: 'Error' };

/** An inline message box (form errors, notices); not dismissible, unlike a toast. */
export function Alert({ kind = 'info', title, children, assertive, className }: AlertProps) {
  return (
    <div className={`${styles.alert} ${styles[kind]} ${className ?? ''}`} role={assertive ? 'alert' : 'status'}>
      <span className="visually-hidden">{kindLabel[kind]}: </span>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
