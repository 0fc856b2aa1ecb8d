import { Link } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { isApiError } from '@payrail/client/http-client';
import { EMPLOYER_ENROLMENT_EXPIRED, ZEmployerTotpConfirm } from '@payrail/contract/employer-portal';
import type { TEmployerEnrolled, TEmployerTotpEnrolment } from '@payrail/contract/employer-portal';
import { authErrorMessage, useConfirmTotp } from '../api/auth';
import { OtpCodeField } from './otp-code-field';
import styles from './totp-enrolment.module.css';

/** The secret in groups of four, easier to type into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The server's QR code (an SVG document) as an image: shown, never run, so it cannot carry script into the page. */
export function qrDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface TotpEnrolmentProps {
  enrolment: TEmployerTotpEnrolment;
  onEnrolled: (answer: TEmployerEnrolled) => void;
}

/** Adds Payrail to an authenticator app (QR code or the key typed in), then checks a first code. */
export function TotpEnrolment({ enrolment, onEnrolled }: TotpEnrolmentProps) {
  const confirm = useConfirmTotp();
  return (
    <>
      <ol className={styles.steps}>
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password) and scan this QR code:
          <img
            className={styles.qr}
            src={qrDataUrl(enrolment.qr_svg)}
            alt="QR code that adds your Payrail employer portal account to an authenticator app"
            width={192}
            height={192}
          />
        </li>
        <li>
          Cannot scan it? Add an account by hand with this key (time-based, 6 digits):{' '}
          <code className={styles.secret} data-testid="totp-secret">
            {groupSecret(enrolment.secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows for Payrail.</li>
      </ol>
      <Form
        schema={ZEmployerTotpConfirm}
        options={{ defaultValues: { code: '' } }}
        aria-label="Confirm your authenticator app"
        onSubmit={async (values) => {
          const answer = await confirm.mutateAsync({ enrolmentToken: enrolment.enrolment_token, code: values.code }).catch(() => null);
          if (answer) onEnrolled(answer);
        }}
      >
        {({ formState }) => (
          <>
            {confirm.isError ? (
              <Alert kind="error" assertive>
                {authErrorMessage(confirm.error, 'We could not check the code. Please try again.')}
                {isApiError(confirm.error) && confirm.error.serverMessage === EMPLOYER_ENROLMENT_EXPIRED ? (
                  <>
                    {' '}
                    <Link to="/signin">Go to sign in</Link>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <OtpCodeField />
            <Button type="submit" fullWidth loading={formState.isSubmitting}>
              Confirm and continue
            </Button>
          </>
        )}
      </Form>
    </>
  );
}
