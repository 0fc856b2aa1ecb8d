import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { Spinner } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { formatDate } from '@payrail/client/format';
import { ZEmployerAcceptInvitation, EMPLOYER_INVITATION_UNKNOWN } from '@payrail/contract/employer-portal';
import type { TEmployerEnrolled, TEmployerTotpEnrolment } from '@payrail/contract/employer-portal';
import { AuthCard } from '../../components/auth-card';
import { authErrorMessage, getInvitation, useAcceptInvitation } from '../../features/auth/api/auth';
import { RecoveryCodes } from '../../features/auth/components/recovery-codes';
import { TotpEnrolment } from '../../features/auth/components/totp-enrolment';
import { usePageTitle } from '../title';

type Step = { name: 'account' } | { name: 'enrol'; enrolment: TEmployerTotpEnrolment } | { name: 'recovery'; answer: TEmployerEnrolled };

const TITLES: Record<Step['name'], string> = {
  account: 'Accept your invitation',
  enrol: 'Set up your authenticator app',
  recovery: 'Save your recovery codes',
};

/** The invitation link: who invited whom for which employer; name and password, then TOTP, then the recovery codes. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<Step>({ name: 'account' });
  usePageTitle(TITLES[step.name]);
  const navigate = useNavigate();
  const invitation = useQuery({ queryKey: ['employer', 'invitation', token], queryFn: () => getInvitation(token), enabled: token !== '', retry: false });
  const accept = useAcceptInvitation();

  if (token === '' || invitation.isError) {
    return (
      <AuthCard title="This invitation cannot be used" step="invalid">
        <Alert kind="error">{token === '' ? EMPLOYER_INVITATION_UNKNOWN : authErrorMessage(invitation.error, EMPLOYER_INVITATION_UNKNOWN)}</Alert>
        <p>
          Already have an account?{' '}
          <Button variant="ghost" to="/signin">
            Sign in
          </Button>
        </p>
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthCard title={TITLES.account}>
        <Spinner label="Loading your invitation…" />
      </AuthCard>
    );
  }
  const info = invitation.data;

  return (
    <AuthCard
      title={TITLES[step.name]}
      step={step.name}
      wide={step.name !== 'account'}
      lead={
        step.name === 'account' ? (
          <>
            You are invited to the Payrail employer portal for <strong>{info.employer_name}</strong> as <strong>{info.email}</strong>. Choose your name and a
            password. The invitation is valid until {formatDate(info.expires_at)}.
          </>
        ) : step.name === 'enrol' ? (
          'Every sign-in asks for a code from an authenticator app on your phone, as well as your password.'
        ) : undefined
      }
    >
      {step.name === 'account' ? (
        <Form
          schema={ZEmployerAcceptInvitation}
          options={{ defaultValues: { token, name: '', password: '' } }}
          aria-labelledby="auth-title"
          onSubmit={async (values) => {
            const enrolment = await accept.mutateAsync(values).catch(() => null);
            if (enrolment) setStep({ name: 'enrol', enrolment });
          }}
        >
          {({ register, formState }) => (
            <>
              <ErrorAlert message={accept.isError ? authErrorMessage(accept.error, 'We could not create your account. Please try again.') : null} />
              <TextField label="E-mail" type="email" value={info.email} readOnly autoComplete="username" hint="The address the invitation was sent to." />
              <TextField label="Your name" autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters with a number, a lowercase and an uppercase letter, and no spaces."
                required
                error={formState.errors.password?.message}
                {...register('password')}
              />
              <Button type="submit" fullWidth loading={formState.isSubmitting}>
                Create my account
              </Button>
            </>
          )}
        </Form>
      ) : step.name === 'enrol' ? (
        <TotpEnrolment enrolment={step.enrolment} onEnrolled={(answer) => setStep({ name: 'recovery', answer })} />
      ) : (
        <RecoveryCodes codes={step.answer.recovery_codes} onDone={() => void navigate('/deductions', { replace: true })} />
      )}
    </AuthCard>
  );
}
