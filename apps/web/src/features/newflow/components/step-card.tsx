import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Container } from '@payrail/ui/container';
import styles from './newflow.module.css';

export interface StepCardProps {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  /** Moves focus to the title when the card replaces another view of the same page (a sub-step). */
  focusTitle?: boolean;
  /** Distinguishes two cards on one route (the heading id). */
  id?: string;
}

/** The card every new-flow screen sits in: an h1, a lead and the step's content. */
export function StepCard({ title, lead, children, focusTitle = false, id = 'newflow-step' }: StepCardProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  const titleId = `${id}-title`;
  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby={titleId}>
        <h1 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </section>
    </Container>
  );
}
