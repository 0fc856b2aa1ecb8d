import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { TextFieldFrame, useTextFieldA11y } from './text-field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; also sets aria-invalid. */
  error?: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** A labelled multi-line text (a note, a reason, a message), in the field layout of TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  optional,
  id,
  className,
  ref,
  rows = 3,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextAreaFieldProps) {
  const { ids, a11y } = useTextFieldA11y({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <TextFieldFrame ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
      <textarea ref={ref} rows={rows} {...rest} {...a11y} />
    </TextFieldFrame>
  );
}
