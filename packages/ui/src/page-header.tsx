import type { ReactNode } from 'react';
import styles from './styles/staff-page.module.css';

/** A staff page's heading (back office, employer portal), with the line that says what the page is for under it when there is one. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className={styles.header}>
      {lead === undefined ? (
        <h1>{title}</h1>
      ) : (
        <div>
          <h1>{title}</h1>
          <p className={styles.lead}>{lead}</p>
        </div>
      )}
    </div>
  );
}
