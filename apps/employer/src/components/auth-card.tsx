import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Logo } from '@payrail/ui/logo';
import styles from '@payrail/ui/styles/auth-card.module.css';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  /** The step shown; when it changes, focus moves to the new step's heading (read first by a screen reader). */
  step?: string;
  wide?: boolean;
  children: ReactNode;
}

/** The signed-out pages (sign-in, invitation): one card with the logo, the step's heading and its form. */
export function AuthCard({ title, lead, step, wide, children }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <main id="main" className={styles.page}>
      <div className={`${styles.card} ${wide ? styles.wide : ''}`}>
        <div className={styles.brand}>
          <Logo />
        </div>
        <h1 ref={heading} id="auth-title" tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </main>
  );
}
