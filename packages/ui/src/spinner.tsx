import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Announced to screen readers; omit for a decorative spinner next to visible text. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** Indeterminate activity indicator. With a label it is a polite status message. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const circle = <span className={`${styles.spinner} ${styles[size]} ${className ?? ''}`} aria-hidden="true" />;
  if (!label) return circle;
  return (
    <span role="status" className={styles.wrapper}>
      {circle}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export interface TopLoaderProps {
  /** True while any tracked request is pending. */
  active: boolean;
  label?: string;
}

/**
 * The global loader: a thin indeterminate bar pinned to the top of the viewport. It fades in after
 * a short delay (CSS) so fast calls do not flash, but it is in the DOM at once for assistive tech.
 */
export function TopLoader({ active, label = 'Loading' }: TopLoaderProps) {
  if (!active) return null;
  // Outside the page layouts, so it is its own small landmark: every piece of content sits in one.
  return (
    <div className={styles.topLoader} role="region" aria-label="Page activity">
      <div role="progressbar" aria-label={label} aria-busy="true">
        <span className={styles.topLoaderBar} />
      </div>
    </div>
  );
}

/** A block-level loading state for a page region. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.block}>
      <Spinner size="lg" />
      <p role="status" className={styles.blockText}>
        {label}
      </p>
    </div>
  );
}
