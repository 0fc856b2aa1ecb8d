import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { StaffSignInForm } from '@payrail/ui/staff-sign-in-form';
import { ZEmployerLoginRequest } from '@payrail/contract/employer-portal';
import type { TEmployerEnrolled, TEmployerTotpEnrolment } from '@payrail/contract/employer-portal';
import { AuthCard } from '../../components/auth-card';
import { authErrorMessage, useEnrolTotp, useLogin } from '../../features/auth/api/auth';
import { CodeStep } from '../../features/auth/components/code-step';
import { RecoveryCodes } from '../../features/auth/components/recovery-codes';
import { TotpEnrolment } from '../../features/auth/components/totp-enrolment';
import { useEmployerSession } from '../../lib/employer-session';
import { usePageTitle } from '../title';

type Step =
  | { name: 'password' }
  | { name: 'code'; challenge: string }
  | { name: 'enrol'; enrolment: TEmployerTotpEnrolment }
  | { name: 'recovery'; answer: TEmployerEnrolled };

const TITLES: Record<Step['name'], string> = {
  password: 'Employer portal sign in',
  code: 'Enter your authenticator code',
  enrol: 'Set up your authenticator app',
  recovery: 'Save your recovery codes',
};

/** Sign-in: e-mail and password, then the authenticator code (or a recovery code); an account without TOTP sets it up here. */
export function Component() {
  const [step, setStep] = useState<Step>({ name: 'password' });
  usePageTitle(TITLES[step.name]);
  const signedIn = useEmployerSession((state) => state.token !== null);
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const enrol = useEnrolTotp();
  const toPortal = () => void navigate('/deductions', { replace: true });

  // The recovery codes are shown even though the session is open: only "Continue" leaves this page.
  if (signedIn && step.name !== 'recovery') return <Navigate to="/deductions" replace />;

  return (
    <AuthCard
      title={TITLES[step.name]}
      step={step.name}
      wide={step.name === 'enrol' || step.name === 'recovery'}
      lead={
        step.name === 'password'
          ? 'For the HR and payroll administrators of Payrail partner employers.'
          : step.name === 'code'
            ? 'Open your authenticator app and enter the 6-digit code it shows for Payrail.'
            : undefined
      }
    >
      {step.name === 'password' ? (
        <StaffSignInForm
          schema={ZEmployerLoginRequest}
          labelledBy="auth-title"
          error={loginMutation.isError || enrol.isError ? authErrorMessage(loginMutation.error ?? enrol.error) : null}
          submitLabel="Continue"
          onSubmit={async (values) => {
            enrol.reset();
            const challenge = await loginMutation.mutateAsync(values).catch(() => null);
            if (!challenge) return;
            if (!challenge.enrolment_required) {
              setStep({ name: 'code', challenge: challenge.challenge });
              return;
            }
            const enrolment = await enrol.mutateAsync(challenge.challenge).catch(() => null);
            if (enrolment) setStep({ name: 'enrol', enrolment });
          }}
        />
      ) : step.name === 'code' ? (
        <CodeStep challenge={step.challenge} onSignedIn={toPortal} onRestart={() => setStep({ name: 'password' })} />
      ) : step.name === 'enrol' ? (
        <TotpEnrolment enrolment={step.enrolment} onEnrolled={(answer) => setStep({ name: 'recovery', answer })} />
      ) : (
        <RecoveryCodes codes={step.answer.recovery_codes} onDone={toPortal} />
      )}
    </AuthCard>
  );
}
