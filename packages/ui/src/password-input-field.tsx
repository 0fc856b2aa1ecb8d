import { Controller, useFormContext } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { PasswordField } from './password-field';
import type { PasswordFieldProps } from './password-field';

export interface PasswordInputFieldProps extends Pick<PasswordFieldProps, 'label' | 'autoComplete' | 'hint' | 'showRules'> {
  /** The form field (its wire name). */
  name: string;
  /** After the form took the new value (e.g. checking the confirmation again). */
  onValueChange?: (value: string) => void;
  /** The message shown in place of the schema's (`null` shows none); default the schema's message of `name`. */
  error?: string | null;
  /** The form, when the field is not inside `Form`/`ValidatedForm` (which provide it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
}

/**
 * A `PasswordField` bound to its form field (show/hide, no spaces, the live rules when asked): sign-in's
 * current password and each half of `PasswordPair`.
 */
export function PasswordInputField({ name, label, autoComplete, hint, showRules, onValueChange, error, methods: given }: PasswordInputFieldProps) {
  const context = useFormContext<FieldValues>();
  const { control } = given ?? context;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasswordField
          label={label}
          autoComplete={autoComplete}
          hint={hint}
          showRules={showRules}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error === undefined ? fieldState.error?.message : (error ?? undefined)}
        />
      )}
    />
  );
}
