import styles from './logo.module.css';

/** Wordmark with a rail glyph; the text stays real text so it scales and reads out. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className={`${styles.logo} ${inverse ? styles.logoInverse : ''}`}>
      <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M11.5 24V8h5.5a5 5 0 010 10h-5.5" stroke="#fff" strokeWidth="2.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M7 21h18" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" opacity="0.7" />
      </svg>
      <span className={styles.logoText}>Payrail</span>
    </span>
  );
}
