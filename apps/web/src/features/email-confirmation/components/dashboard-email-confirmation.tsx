import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { EMAIL_TOKEN_LENGTH } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useConfirmOwnEmail } from '../api/confirm-own-email';
import { useResendOwnConfirmation } from '../api/resend-own-confirmation';
import { dashboardEmailConfirmationSchema, normalizeDashboardToken } from './dashboard-email-confirmation.schema';

export interface DashboardEmailConfirmationProps {
  email: string;
  onConfirmed: () => void;
}

/**
 * The dashboard's e-mail confirmation (spec access §5/§8): the code is upper-cased as typed, at most
 * 6 characters; Confirm is disabled while it is empty; any failure reads 'Confirmation token error.'.
 */
export function DashboardEmailConfirmation({ email, onConfirmed }: DashboardEmailConfirmationProps) {
  const headingId = useId();
  const [error, setError] = useState<string | undefined>();
  const confirm = useConfirmOwnEmail();
  const resend = useResendOwnConfirmation();

  const submit = async ({ token }: { token: string }) => {
    setError(undefined);
    try {
      await confirm.mutateAsync(token);
      notify.success(MSG.accountConfirmed);
      onConfirmed();
    } catch (err) {
      if (isApiError(err)) setError(MSG.confirmationTokenError);
    }
  };

  const sendCode = async () => {
    try {
      const answer = await resend.mutateAsync();
      notify.success(`We sent a new code to ${answer.email}.`);
    } catch {
      // Global handling already told the member (401/403/503); other failures keep the form as it is.
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Confirm your e-mail</h2>
      <p>
        Enter the {EMAIL_TOKEN_LENGTH}-character code we e-mailed to <strong>{email}</strong>.
      </p>
      <Form aria-labelledby={headingId} schema={dashboardEmailConfirmationSchema} options={{ defaultValues: { token: '' } }} onSubmit={submit}>
        {({ control, watch }) => (
          <>
            <Controller
              control={control}
              name="token"
              render={({ field }) => (
                <TextField
                  label="Confirmation code"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={EMAIL_TOKEN_LENGTH}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  error={error}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(normalizeDashboardToken(event.target.value));
                    setError(undefined);
                  }}
                />
              )}
            />
            <Button type="submit" disabled={!watch('token')} loading={confirm.isPending}>
              Confirm
            </Button>{' '}
            <Button type="button" variant="ghost" loading={resend.isPending} onClick={() => void sendCode()}>
              Send a new code
            </Button>
          </>
        )}
      </Form>
    </section>
  );
}
