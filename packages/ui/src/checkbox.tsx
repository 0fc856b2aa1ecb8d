import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError, FieldHint, useFieldIds } from './field';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'children'> {
  /** May contain links (e.g. to the privacy notice); they stay separately focusable. */
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, error, id, className, ref, 'aria-describedby': ariaDescribedBy, ...rest }: CheckboxProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <div className={`${styles.wrapper} ${className ?? ''}`}>
      <div className={styles.row}>
        <input
          ref={ref}
          type="checkbox"
          {...rest}
          id={ids.inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <label htmlFor={ids.inputId} className={styles.label}>
          {label}
        </label>
      </div>
      <div className={styles.below}>
        <FieldHint id={ids.hintId}>{hint}</FieldHint>
        <FieldError id={ids.errorId}>{error}</FieldError>
      </div>
    </div>
  );
}
