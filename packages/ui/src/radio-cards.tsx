import { useId } from 'react';
import type { ReactNode } from 'react';
import { FieldError, FieldHint } from './field';
import styles from './radio-cards.module.css';

export interface RadioCardOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioCardsProps<V extends string> {
  legend: ReactNode;
  /** Shared name of the native radios; arrow keys move between radios of one name. */
  name: string;
  options: readonly RadioCardOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  hint?: ReactNode;
  error?: string;
  /** Keeps the legend for screen readers when a visible heading already says the same. */
  legendHidden?: boolean;
  /** Cards per row from medium screens up; always one per row on small screens. */
  columns?: 1 | 2 | 3;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Card-like choices built on native radio inputs, so the browser provides arrow-key movement,
 * single tab stop and form semantics; the cards are only styling around each radio's label.
 */
export function RadioCards<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  legendHidden,
  columns = 2,
  required,
  disabled,
}: RadioCardsProps<V>) {
  const id = useId();
  const legendId = `${id}-legend`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={styles.fieldset}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      disabled={disabled}
    >
      <legend id={legendId} className={legendHidden ? 'visually-hidden' : styles.legend}>
        {legend}
      </legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className={`${styles.grid} ${styles[`columns${columns}`]}`}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const descriptionId = option.description ? `${optionId}-description` : undefined;
          return (
            <label key={option.value} htmlFor={optionId} className={styles.card} data-disabled={option.disabled || undefined}>
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                className={styles.radio}
                checked={value === option.value}
                disabled={option.disabled}
                required={required}
                // Name from the title only; the description is read as a description, not twice.
                aria-labelledby={`${optionId}-label`}
                aria-describedby={descriptionId}
                onChange={() => onChange(option.value)}
              />
              <span className={styles.text}>
                <span id={`${optionId}-label`} className={styles.label}>
                  {option.label}
                </span>
                {option.description ? (
                  <span id={descriptionId} className={styles.description}>
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
