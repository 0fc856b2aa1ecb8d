import { Controller, useFormContext } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ReactNode } from 'react';
import { TextField } from './text-field';

export interface CodeFieldProps {
  /** The form field (its wire name); `code` by default. */
  name?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The code's length: the field takes no more characters. */
  length: number;
  /**
   * `digits` (a texted or authenticator code): the number keyboard on phones. `characters` (an e-mailed
   * code of letters and numbers): capitals as typed, no spell check.
   */
  kind: 'digits' | 'characters';
  /** Rewrites the text as it is typed (upper-case, digits only, at most `length`…); the form holds the result. */
  normalize?: (value: string) => string;
  /** A message from outside the schema (the server refused the code); shown instead of the schema's. */
  error?: string;
  /**
   * Shows the schema's message under the field (on by default). Off where the submit stays disabled until
   * the code is long enough and only the server judges the code: then only `error` is shown.
   */
  schemaMessage?: boolean;
  /** Called after each change the person makes (e.g. to clear the server's message). */
  onCodeChange?: () => void;
  required?: boolean;
  className?: string;
  /** The form, when the field is not inside `Form` (which provides it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
}

/**
 * A one-time code in a `Form`: the e-mailed confirmation code, the texted verification code, an
 * authenticator app's code. `autocomplete="one-time-code"` (phones offer the code they just received),
 * at most `length` characters, rewritten by `normalize` as typed.
 */
export function CodeField({
  name = 'code',
  label,
  hint,
  length,
  kind,
  normalize,
  error,
  schemaMessage = true,
  onCodeChange,
  required,
  className,
  methods,
}: CodeFieldProps) {
  const context = useFormContext<FieldValues>();
  const { control } = methods ?? context;
  const typing = kind === 'digits' ? ({ inputMode: 'numeric' } as const) : ({ inputMode: 'text', autoCapitalize: 'characters', spellCheck: false } as const);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          hint={hint}
          className={className}
          autoComplete="one-time-code"
          {...typing}
          maxLength={length}
          required={required}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          error={error ?? (schemaMessage ? fieldState.error?.message : undefined)}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(normalize ? normalize(event.target.value) : event.target.value);
            onCodeChange?.();
          }}
        />
      )}
    />
  );
}
