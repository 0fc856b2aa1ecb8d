import { useId, useState } from 'react';
import { EMAIL_TOKEN_LENGTH } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { Button } from '@payrail/ui/button';
import { CodeField } from '@payrail/ui/code-field';
import { Form } from '@payrail/ui/form';
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
        {({ watch }) => (
          <>
            <CodeField
              name="token"
              label="Confirmation code"
              kind="characters"
              length={EMAIL_TOKEN_LENGTH}
              normalize={normalizeDashboardToken}
              error={error}
              schemaMessage={false}
              onCodeChange={() => setError(undefined)}
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
