import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { passwordIsValid, REFERRAL_CODE_MIN_EXCLUSIVE } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG, ZPasswordCreationData } from '@payrail/contract/newflow';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { TextField } from '@payrail/ui/text-field';
import { useStepData, useSubmitStep } from '../api/steps';
import { StepCard } from './step-card';
import { StepGate } from './step-states';
import styles from './newflow.module.css';

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
  const { submit, pending } = useSubmitStep();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [referral, setReferral] = useState(initialReferral);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const errors = passwordErrors(password, repeat, referral);
  const complete = Object.values(errors).every((value) => !value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!complete) return;
    setMessage(null);
    const outcome = await submit({ workflow_status_key: 'password_creation', loan_borrower: { password, password_confirm: repeat }, refer_code: referral.trim() || null });
    if (outcome.kind === 'invalid') {
      // newflow §8: a failure shows the first message for refer_code under it.
      setServerErrors(outcome.fieldErrors);
      if (!outcome.fieldErrors.refer_code && !outcome.fieldErrors.password && !outcome.fieldErrors.password_confirm) setMessage(outcome.message ?? Object.values(outcome.fieldErrors)[0] ?? null);
    }
  };

  return (
    <form noValidate aria-labelledby="newflow-step-title" onSubmit={(event) => void onSubmit(event)}>
      {message ? (
        <Alert kind="error" assertive>
          {message}
        </Alert>
      ) : null}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      {renderPassword({ label: 'Password', name: 'password', value: password, onChange: setPassword, showRules: true, error: serverErrors.password ?? (touched && password ? errors.password : undefined) })}
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
          setServerErrors(({ refer_code: _dropped, ...rest }) => rest);
        }}
        error={serverErrors.refer_code ?? (touched ? errors.refer_code : undefined)}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth disabled={!complete} loading={pending}>
          Create my password
        </Button>
      </div>
    </form>
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
