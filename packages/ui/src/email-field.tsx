import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ChangeEvent, ReactNode } from 'react';
import { TextField } from './text-field';
import { useRegisteredInput } from './registered-input';

export interface EmailFieldProps {
  /** The form field (its wire name); default `email`. */
  name?: string;
  label?: ReactNode;
  hint?: ReactNode;
  /** `username` where a password manager pairs it with the password (sign-in), `off` for someone else's address; default `email`. */
  autoComplete?: 'email' | 'username' | 'off';
  /** The `required` attribute (announced by screen readers); default true. */
  required?: boolean;
  autoFocus?: boolean;
  /** After the form took the change (e.g. clearing a message about the old address). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The message shown in place of the schema's (`null` shows none); default the schema's message of `name`. */
  error?: string | null;
  /** The form, when the field is not inside `Form`/`ValidatedForm` (which provide it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
}

/** An e-mail address bound to its form field: the e-mail keyboard, the browser's autofill, the schema's message under it. */
export function EmailField({
  name = 'email',
  label = 'Email',
  hint,
  autoComplete = 'email',
  required = true,
  autoFocus,
  onChange,
  error: shown,
  methods,
}: EmailFieldProps) {
  const { error, input } = useRegisteredInput({ name, methods, error: shown, onChange });
  return (
    <TextField
      label={label}
      hint={hint}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required={required}
      autoFocus={autoFocus}
      error={error}
      {...input}
    />
  );
}
