import { useState } from 'react';
import type { ReactNode } from 'react';
import { passwordIsValid, REFERRAL_CODE_MIN_EXCLUSIVE } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG, ZPasswordCreationData } from '@payrail/contract/newflow';
import { TextField } from '@payrail/ui/text-field';
import { useStepData } from '../api/steps';
import { StepCard } from './step-card';
import { StepForm, useStepForm } from './step-form';
import { StepGate } from './step-states';

export interface PasswordSlot {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  showRules?: boolean;
}

export const REFERRAL_TOO_SHORT = `A referral code has more than ${REFERRAL_CODE_MIN_EXCLUSIVE} characters.`;

/** Password rules (newflow §5): a digit, a lowercase and an uppercase letter, 8+ non-space characters; the repeat must match. */
export function passwordErrors(password: string, repeat: string, referral: string) {
  return {
    password: password ? (passwordIsValid(password) ? undefined : 'The password does not meet every rule below.') : MSG.required,
    password_confirm: repeat ? (repeat === password ? undefined : NEWFLOW_MSG.passwordMismatch) : MSG.required,
    refer_code: referral.trim() !== '' && referral.trim().length <= REFERRAL_CODE_MIN_EXCLUSIVE ? REFERRAL_TOO_SHORT : undefined,
  };
}

function PasswordForm({ initialReferral, renderPassword }: { initialReferral: string; renderPassword: (slot: PasswordSlot) => ReactNode }) {
  const form = useStepForm();
  const { serverErrors, submitted: touched } = form;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [referral, setReferral] = useState(initialReferral);
  const errors = passwordErrors(password, repeat, referral);
  const complete = Object.values(errors).every((value) => !value);

  const onSubmit = () =>
    form.send({
      complete,
      body: () => ({ workflow_status_key: 'password_creation', loan_borrower: { password, password_confirm: repeat }, refer_code: referral.trim() || null }),
      // newflow §8: a failure shows the first message for refer_code under it; the line above only for others.
      messageOf: ({ fieldErrors, message }) =>
        fieldErrors.refer_code || fieldErrors.password || fieldErrors.password_confirm ? null : (message ?? Object.values(fieldErrors)[0] ?? null),
    });

  return (
    <StepForm onSubmit={onSubmit} message={form.message} pending={form.pending} submitLabel="Create my password" submitDisabled={!complete}>
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      {renderPassword({
        label: 'Password',
        name: 'password',
        value: password,
        onChange: setPassword,
        showRules: true,
        error: serverErrors.password ?? (touched && password ? errors.password : undefined),
      })}
      {renderPassword({
        label: 'Repeat password',
        name: 'password_confirm',
        value: repeat,
        onChange: setRepeat,
        error: serverErrors.password_confirm ?? (repeat && (touched || repeat.length >= password.length) ? errors.password_confirm : undefined),
      })}
      <TextField
        label="Referral code"
        optional
        hint="Did a friend refer you? Enter their code."
        autoComplete="off"
        autoCapitalize="characters"
        value={referral}
        onChange={(event) => {
          setReferral(event.target.value);
          form.clearServerError('refer_code');
        }}
        error={serverErrors.refer_code ?? (touched ? errors.refer_code : undefined)}
      />
    </StepForm>
  );
}

/** password_creation (newflow §2, §5, §8): password, its repeat ("password does not match"), optional referral code. */
export function PasswordCreation({ renderPassword }: { renderPassword: (slot: PasswordSlot) => ReactNode }) {
  const query = useStepData('password_creation', ZPasswordCreationData);
  return (
    <StepGate query={query} title="Create your password">
      {(data) => (
        <StepCard title="Create your password" lead="You will sign in with your e-mail and this password to follow your loan.">
          <PasswordForm initialReferral={data.refer_code ?? ''} renderPassword={renderPassword} />
        </StepCard>
      )}
    </StepGate>
  );
}
