import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short status word in a pill (staff and partner screens); the text, not the colour alone, carries the meaning. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${tone === 'neutral' ? '' : styles[tone]}`}>{children}</span>;
}
