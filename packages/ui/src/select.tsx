import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldError, FieldHint, FieldLabel, fieldStyles, useFieldIds } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** First, empty choice such as "Choose a state". */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select: the most robust choice for keyboards, screen readers and mobile pickers. */
export function Select({ label, options, placeholder, hint, error, optional, id, className, ref, 'aria-describedby': ariaDescribedBy, ...rest }: SelectProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <FieldLabel htmlFor={ids.inputId} optional={optional}>
        {label}
      </FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <select
        ref={ref}
        {...rest}
        id={ids.inputId}
        className={`${fieldStyles.control} ${fieldStyles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
