import { useState } from 'react';
import { isApiError } from '@payrail/client/http-client';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { EMPLOYER_CHALLENGE_EXPIRED, ZEmployerOtpRequest } from '@payrail/contract/employer-portal';
import { authErrorMessage, useLoginOtp } from '../api/auth';
import { OtpCodeField } from './otp-code-field';

export interface CodeStepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to e-mail and password (the challenge expired, or the person wants to start over). */
  onRestart: () => void;
}

/** The second factor: the authenticator's 6-digit code, or one recovery code. */
export function CodeStep({ challenge, onSignedIn, onRestart }: CodeStepProps) {
  const [recovery, setRecovery] = useState(false);
  const otp = useLoginOtp();
  // A challenge that expired (or was already used) cannot be retried: start over with the password.
  const expired = otp.isError && isApiError(otp.error) && otp.error.status === 401 && otp.error.serverMessage === EMPLOYER_CHALLENGE_EXPIRED;
  return (
    <Form
      key={recovery ? 'recovery' : 'code'}
      schema={ZEmployerOtpRequest}
      options={{ defaultValues: recovery ? { challenge, recovery_code: '' } : { challenge, code: '' } }}
      aria-labelledby="auth-title"
      onSubmit={async (values) => {
        const user = await otp.mutateAsync(values).catch(() => null);
        if (user) onSignedIn();
      }}
    >
      {({ register, formState }) => (
        <>
          <ErrorAlert message={otp.isError ? authErrorMessage(otp.error, 'We could not check the code. Please try again.') : null} />
          {recovery ? (
            <TextField
              label="Recovery code"
              hint="One of the 10-character codes you saved when you set up your account. Each code works once."
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              error={formState.errors.recovery_code?.message ?? formState.errors.code?.message}
              {...register('recovery_code')}
            />
          ) : (
            <OtpCodeField />
          )}
          {expired ? (
            <Button type="button" fullWidth onClick={onRestart}>
              Sign in again
            </Button>
          ) : (
            <Button type="submit" fullWidth loading={formState.isSubmitting}>
              Sign in
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            fullWidth
            onClick={() => {
              otp.reset();
              setRecovery(!recovery);
            }}
          >
            {recovery ? 'Use a code from my authenticator app' : 'Use a recovery code instead'}
          </Button>
        </>
      )}
    </Form>
  );
}
