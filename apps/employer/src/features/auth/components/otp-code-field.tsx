import { CodeField } from '@payrail/ui/code-field';

/** The authenticator app's 6-digit code, in a `Form` whose field is `code` (sign-in and enrolment). */
export function OtpCodeField() {
  return <CodeField label="6-digit code" kind="digits" length={6} required />;
}
