import type { z } from 'zod';
import { ErrorAlert } from './error-alert';
import { Button } from './button';
import { Form } from './form';
import { TextField } from './text-field';

/** What a staff-style sign-in asks first (the back office, the employer portal). */
export interface StaffSignInValues {
  email: string;
  password: string;
}

export interface StaffSignInFormProps<TOutput extends StaffSignInValues> {
  /** The app's login request schema (packages/contract). */
  schema: z.ZodType<TOutput, StaffSignInValues>;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** Why the last attempt failed, shown above the fields; null when it did not. */
  error: string | null;
  submitLabel: string;
  onSubmit: (values: TOutput) => Promise<void>;
}

/** E-mail and password, with the failed attempt's message above the fields. */
export function StaffSignInForm<TOutput extends StaffSignInValues>({ schema, labelledBy, error, submitLabel, onSubmit }: StaffSignInFormProps<TOutput>) {
  return (
    <Form schema={schema} options={{ defaultValues: { email: '', password: '' } }} aria-labelledby={labelledBy} onSubmit={(values) => onSubmit(values)}>
      {({ register, formState }) => (
        <>
          <ErrorAlert message={error} />
          <TextField label="E-mail" type="email" autoComplete="username" required error={formState.errors.email?.message} {...register('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" fullWidth loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </>
      )}
    </Form>
  );
}
