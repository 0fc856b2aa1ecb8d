import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import type { FormHTMLAttributes, ReactNode } from 'react';
import type { z } from 'zod';

export interface FormProps<TInput extends FieldValues, TOutput extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  /** The request schema (from packages/contract where one exists); validates before submit. */
  schema: z.ZodType<TOutput, TInput>;
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => unknown;
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}

/**
 * react-hook-form + zod in one place: every form validates with its schema, shows our own messages
 * (noValidate turns off the browser's bubbles) and hands typed values to onSubmit.
 */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  schema,
  onSubmit,
  options,
  children,
  ...formProps
}: FormProps<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
  return (
    <form noValidate {...formProps} onSubmit={form.handleSubmit((values) => onSubmit(values, form))}>
      {children(form)}
    </form>
  );
}
