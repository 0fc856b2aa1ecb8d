import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './field.module.css';

export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** Value for aria-describedby: hint first, then the error. */
  describedBy: string | undefined;
}

/** Ids that tie a control to its label, hint and error text. */
export function useFieldIds(options: { id?: string; hint?: ReactNode; error?: ReactNode; describedBy?: string }): FieldIds {
  const generated = useId();
  const inputId = options.id ?? `field-${generated}`;
  const hintId = options.hint ? `${inputId}-hint` : undefined;
  const errorId = options.error ? `${inputId}-error` : undefined;
  const describedBy = [options.describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

export function FieldLabel({ htmlFor, id, children, optional }: { htmlFor?: string; id?: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} id={id} className={styles.label}>
      {children}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.hint}>
      {children}
    </p>
  );
}

/** Error text; announced when it appears because the control's description changes on focus. */
export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error}>
      <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4v5M8 11.2v.3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

export { styles as fieldStyles };
