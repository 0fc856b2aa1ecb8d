import { useFormContext } from 'react-hook-form';
import { TextField } from '@payrail/ui/text-field';

/** The authenticator app's 6-digit code, in a `Form` whose field is `code` (sign-in and enrolment). */
export function OtpCodeField() {
  const { register, formState } = useFormContext<{ code?: string }>();
  return (
    <TextField
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      error={formState.errors.code?.message}
      {...register('code')}
    />
  );
}
