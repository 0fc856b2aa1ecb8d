import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError, FieldHint, FieldLabel, fieldStyles, useFieldIds } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; also sets aria-invalid. */
  error?: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** Ids and the input's accessibility attributes; shared with MaskedTextField (masked-text-field.tsx). */
export function useTextFieldA11y({ id, hint, error, describedBy }: { id?: string; hint?: ReactNode; error?: string; describedBy?: string }) {
  const ids = useFieldIds({ id, hint, error, describedBy });
  const a11y = {
    id: ids.inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
    className: fieldStyles.control,
  } as const;
  return { ids, a11y };
}

/** Label, hint, the control and the error, in the field layout. */
export function TextFieldFrame({
  ids,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <FieldLabel htmlFor={ids.inputId} optional={optional}>
        {label}
      </FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      {children}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

/** A labelled text input. A field that formats as the person types is `MaskedTextField` (@payrail/ui/masked-text-field). */
export function TextField({ label, hint, error, optional, id, className, ref, 'aria-describedby': ariaDescribedBy, ...inputProps }: TextFieldProps) {
  const { ids, a11y } = useTextFieldA11y({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <TextFieldFrame ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
      <input ref={ref} {...inputProps} {...a11y} />
    </TextFieldFrame>
  );
}
