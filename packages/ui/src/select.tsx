import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { fieldStyles, useFieldIds } from './field';
import { TextFieldFrame } from './text-field';

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
    <TextFieldFrame ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
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
    </TextFieldFrame>
  );
}
