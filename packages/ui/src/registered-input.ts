import { get, useFormContext, useFormState } from 'react-hook-form';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { ChangeEvent, FocusEvent } from 'react';

export interface RegisteredInputOptions {
  name: string;
  /** The form, when the input is not inside `Form`/`ValidatedForm` (which provide it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
  /** The message shown in place of the form's (`null` shows none); default the form's error of `name`. */
  error?: string | null;
  /** Run after the form took the change / the blur. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A text input registered with its form (the kit's `MoneyField`, `EmailField`): its props (the form's
 * handlers first, then the caller's) and the message to show under it.
 */
export function useRegisteredInput({ name, methods: given, error: shown, onChange, onBlur }: RegisteredInputOptions): {
  error: string | undefined;
  input: Omit<UseFormRegisterReturn, 'onChange' | 'onBlur'> & {
    onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
    onBlur: (event: FocusEvent<HTMLInputElement>) => Promise<void>;
  };
} {
  const context = useFormContext<FieldValues>();
  const methods = given ?? context;
  const { errors } = useFormState({ control: methods.control, name });
  const error = shown === undefined ? (get(errors, name) as { message?: string } | undefined)?.message : (shown ?? undefined);
  const registered = methods.register(name);
  return {
    error,
    input: {
      ...registered,
      onChange: async (event: ChangeEvent<HTMLInputElement>) => {
        await registered.onChange(event);
        onChange?.(event);
      },
      onBlur: async (event: FocusEvent<HTMLInputElement>) => {
        await registered.onBlur(event);
        onBlur?.(event);
      },
    },
  };
}
