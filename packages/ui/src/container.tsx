import type { ReactNode } from 'react';
import styles from './container.module.css';

export interface ContainerProps {
  children: ReactNode;
  /** 'narrow' for reading (legal text, forms), 'wide' for dashboards and marketing. */
  width?: 'narrow' | 'wide';
  className?: string;
}

export function Container({ children, width = 'wide', className }: ContainerProps) {
  return <div className={`${styles.container} ${styles[width]} ${className ?? ''}`}>{children}</div>;
}

export interface StatusPageProps {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** A short code or word shown large above the title, decorative (e.g. "404"). */
  badge?: string;
}

/** Centered message page used for 404, system unavailable and similar dead ends. */
export function StatusPage({ title, children, actions, badge }: StatusPageProps) {
  return (
    <Container width="narrow" className={styles.status}>
      {badge ? (
        <p className={styles.badge} aria-hidden="true">
          {badge}
        </p>
      ) : null}
      <h1 className={styles.statusTitle}>{title}</h1>
      <div className={styles.statusBody}>{children}</div>
      {actions ? <div className={styles.statusActions}>{actions}</div> : null}
    </Container>
  );
}
