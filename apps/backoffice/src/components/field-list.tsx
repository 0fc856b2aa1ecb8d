import type { ReactNode } from 'react';
import styles from '@payrail/ui/styles/staff-page.module.css';

/** Labelled values as a description list (term, then its value), one pair a row. */
export function FieldList({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className={styles.dl}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
