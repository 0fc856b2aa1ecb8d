import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useFormState } from 'react-hook-form';
import type { FieldErrors, FieldPath, FieldValues, UseFormProps, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@payrail/client/http-client';
import { useEffect, useRef } from 'react';
import type { FormHTMLAttributes, ReactNode } from 'react';
import type { z } from 'zod';
import { Alert } from './alert';
import { FormErrorSummary } from './form-error-summary';

export interface FormErrorSummaryOptions {
  /** The summary's heading (default "There is a problem"). */
  title?: string;
  /** Fields whose input id is not their name (see FormErrorSummary). */
  fieldIds?: Readonly<Record<string, string>>;
}

export interface FormProps<TInput extends FieldValues, TOutput extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  /** The request schema (from packages/contract where one exists); validates before submit. */
  schema: z.ZodType<TOutput, TInput>;
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => unknown;
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>;
  /**
   * Shows the GOV.UK error summary (FormErrorSummary) above the fields after a failed submit and moves focus
   * to it instead of the first wrong field. `true` for the defaults; off by default (short forms whose one
   * field shows its own error).
   */
  errorSummary?: boolean | FormErrorSummaryOptions;
  /**
   * When onSubmit fails (throws or rejects), the message to show for the error: it becomes the form's
   * `root.server` error, shown by `<FormError />` where the form puts it (and cleared by the next submit).
   * Null rethrows. Without it a failure is the caller's to handle.
   */
  submitError?: (error: unknown) => string | null;
  /** A submit the schema refused (after the errors are shown). */
  onInvalidSubmit?: (errors: FieldErrors<TInput>) => void;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}

/**
 * react-hook-form + zod in one place: every form validates with its schema, shows our own messages
 * (noValidate turns off the browser's bubbles) and hands typed values to onSubmit. The form's methods are
 * also in context (useFormContext), so kit fields (MoneyField, PasswordPair) need only their names.
 */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  schema,
  onSubmit,
  options,
  errorSummary,
  submitError,
  onInvalidSubmit,
  children,
  ...formProps
}: FormProps<TInput, TOutput>) {
  const summary = errorSummary === true ? {} : errorSummary || null;
  const form = useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    ...(summary ? { shouldFocusError: false } : {}),
    ...options,
    resolver: zodResolver(schema),
  });
  const { errors, submitCount } = form.formState;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...formProps}
        onSubmit={form.handleSubmit(
          submitError
            ? async (values) => {
                try {
                  await onSubmit(values, form);
                } catch (error) {
                  const message = submitError(error);
                  if (message === null) throw error;
                  form.setError('root.server', { type: 'server', message });
                }
              }
            : (values) => onSubmit(values, form),
          onInvalidSubmit,
        )}
      >
        {summary && submitCount > 0 ? <FormErrorSummary errors={errors} title={summary.title} fieldIds={summary.fieldIds} focusKey={submitCount} /> : null}
        {children(form)}
      </form>
    </FormProvider>
  );
}

/**
 * The message of the form's last failed submit (`root.server`, see Form's `submitError`), announced as an
 * error; with `focus`, focused when it appears (a long form whose fields' own messages are under them).
 */
export function FormError({ className, focus = false }: { className?: string; focus?: boolean }) {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus && message) box.current?.focus();
  }, [focus, message]);
  if (!message) return null;
  const alert = (
    <Alert kind="error" assertive className={className}>
      {message}
    </Alert>
  );
  return focus ? (
    <div ref={box} tabIndex={-1}>
      {alert}
    </div>
  ) : (
    alert
  );
}

/**
 * Puts a refused request's field messages (`{ errors: { field: [messages] } }`) under the form's fields,
 * focusing the first; answers whether any field had one (otherwise show the error another way).
 */
export function applyServerErrors<TInput extends FieldValues>(
  form: { setError: UseFormSetError<TInput> },
  error: unknown,
  fields: readonly FieldPath<TInput>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (!message) continue;
    form.setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
