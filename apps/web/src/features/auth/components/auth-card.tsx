import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import styles from './auth.module.css';

export interface AuthCardProps {
  title: ReactNode;
  /** Id of the h1, for forms labelled by it. */
  titleId?: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Tabs or other content shown above the title. */
  above?: ReactNode;
  /** Moves focus to the title when the card appears in place of another view. */
  focusTitle?: boolean;
}

/** The card every access screen sits in: one column, readable from 320 px. */
export function AuthCard({ title, titleId, lead, children, above, focusTitle = false }: AuthCardProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={titleId}>
        {above}
        <h1 id={titleId} ref={titleRef} className={styles.title} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </section>
    </div>
  );
}
