import { FormProvider, useForm } from 'react-hook-form';
import type { FieldErrors, FieldValues, Resolver, UseFormProps, UseFormReturn } from 'react-hook-form';
import type { FormHTMLAttributes, ReactNode } from 'react';

/** What a form's validator answers: the values to submit (trimmed and the like), or one message per field. */
export type Validation<TOutput> = { values: TOutput; errors?: undefined } | { values?: undefined; errors: Readonly<Record<string, string>> };

export interface ValidatedFormProps<TInput extends FieldValues, TOutput extends FieldValues> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  /** Checks every field at once; a field's message is its first failed rule. */
  validate: (values: TInput) => Validation<TOutput>;
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => unknown;
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}

/**
 * {@link Form} without a schema library: the same react-hook-form wiring (our own messages, noValidate,
 * typed values to onSubmit), validated by a plain function. For the public pages, whose first load must
 * stay small (docs/architecture.md); everywhere else use `Form` with the contract's schema. The form's
 * methods are in context too, so kit fields without zod (PasswordPair, StepActions) work in it.
 */
export function ValidatedForm<TInput extends FieldValues, TOutput extends FieldValues>({
  validate,
  onSubmit,
  options,
  children,
  ...formProps
}: ValidatedFormProps<TInput, TOutput>) {
  const resolver: Resolver<TInput, unknown, TOutput> = (values) => {
    const result = validate(values);
    if (result.errors === undefined) return { values: result.values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(result.errors)) errors[name] = { type: 'validate', message };
    return { values: {}, errors: errors as FieldErrors<TInput> };
  };
  const form = useForm<TInput, unknown, TOutput>({ mode: 'onTouched', ...options, resolver });
  return (
    <FormProvider {...form}>
      <form noValidate {...formProps} onSubmit={form.handleSubmit((values) => onSubmit(values, form))}>
        {children(form)}
      </form>
    </FormProvider>
  );
}
