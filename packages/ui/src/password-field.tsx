import { useId, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, FocusEvent, KeyboardEvent, Ref } from 'react';
import { PASSWORD_RULES } from '@payrail/contract/identity-rules';
import { FieldError, FieldHint, FieldLabel, fieldStyles } from './field';
import styles from './password-field.module.css';

export interface PasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  /** Shows the live rule list (spec §5) under the field. */
  showRules?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Passwords never contain spaces (spec §5); they cannot be typed or pasted in. */
const withoutSpaces = (value: string) => value.replace(/\s/g, '');

function RuleIcon({ met }: { met: boolean }) {
  return (
    <svg className={styles.ruleIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {met ? (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M4.8 8.3l2.1 2.1 4.3-4.6" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : (
        <circle cx="8" cy="8" r="6.2" stroke="currentColor" strokeWidth="1.6" fill="none" />
      )}
    </svg>
  );
}

/** A password input with a show/hide button and, for new passwords, the live rule display. */
export function PasswordField({ label, name, value, onChange, onBlur, error, hint, autoComplete, showRules = false, ref }: PasswordFieldProps) {
  const id = useId();
  const inputId = `password-${id}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const rulesId = showRules ? `${inputId}-rules` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const [visible, setVisible] = useState(false);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ') event.preventDefault();
  };
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (/\s/.test(text)) {
      event.preventDefault();
      const input = event.currentTarget;
      const start = input.selectionStart ?? value.length;
      const end = input.selectionEnd ?? value.length;
      onChange(withoutSpaces(value.slice(0, start) + text + value.slice(end)));
    }
  };

  return (
    <div className={fieldStyles.field}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className={styles.passwordRow}>
        <input
          ref={ref}
          id={inputId}
          name={name}
          type={visible ? 'text' : 'password'}
          className={fieldStyles.control}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, rulesId, errorId].filter(Boolean).join(' ') || undefined}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(withoutSpaces(event.target.value))}
          onBlur={onBlur}
        />
        <button type="button" className={styles.reveal} aria-pressed={visible} aria-controls={inputId} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      {showRules ? (
        <ul id={rulesId} className={styles.rules} aria-label="Password rules">
          {PASSWORD_RULES.map((rule) => {
            const met = value.length > 0 && rule.test(value);
            return (
              <li key={rule.id} className={styles.rule} data-met={met || undefined}>
                <RuleIcon met={met} />
                <span>
                  {rule.label}
                  <span className="visually-hidden">{met ? ' (done)' : ' (to do)'}</span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
