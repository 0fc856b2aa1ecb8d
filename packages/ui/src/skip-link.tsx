import styles from './skip-link.module.css';

/** First focusable element of every page: jumps past the header to the content. */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  return (
    <a className={styles.skipLink} href={`#${targetId}`}>
      Skip to main content
    </a>
  );
}
