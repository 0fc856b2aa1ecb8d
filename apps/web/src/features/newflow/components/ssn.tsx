import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { TextField } from '@payrail/ui/text-field';
import { useSubmitStep } from '../api/steps';
import { newflowSsnError, ssnRepeatError } from '../lib/rules';
import { StepCard } from './step-card';
import styles from './newflow.module.css';

/**
 * ssn (ssn_input, newflow §2, §5, §8): the SSN and its repeat. "SSN is not valid" / "SSN does not
 * match"; a server refusal shows the first message for social_security_number (e.g. already taken).
 */
export function Ssn() {
  const { submit, pending } = useSubmitStep();
  const [ssn, setSsn] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState({ ssn: false, repeat: false });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const ssnError = newflowSsnError(ssn);
  const repeatError = ssnError ? null : ssnRepeatError(ssn, repeat);
  const complete = !ssnError && !repeatError;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ ssn: true, repeat: true });
    if (!complete) return;
    setMessage(null);
    const outcome = await submit({ workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: ssn, social_security_number_confirmation: repeat } });
    if (outcome.kind === 'invalid') {
      setServerErrors(outcome.fieldErrors);
      if (!outcome.fieldErrors.social_security_number && !outcome.fieldErrors.social_security_number_confirmation) setMessage(outcome.message);
    }
  };

  return (
    <StepCard title="Social Security Number" lead="We use it to check your rate with the credit bureau. Checking your rate does not affect your credit score.">
      <form noValidate aria-labelledby="newflow-step-title" onSubmit={(event) => void onSubmit(event)}>
        {message ? (
          <Alert kind="error" assertive>
            {message}
          </Alert>
        ) : null}
        <TextField
          label="Social Security Number"
          mask="###-##-####"
          inputMode="numeric"
          autoComplete="off"
          required
          value={ssn}
          onValueChange={(value) => {
            setSsn(value);
            setServerErrors({});
          }}
          onBlur={() => setTouched((current) => ({ ...current, ssn: true }))}
          error={serverErrors.social_security_number ?? (touched.ssn && ssnError ? ssnError : undefined)}
        />
        <TextField
          label="Repeat your Social Security Number"
          mask="###-##-####"
          inputMode="numeric"
          autoComplete="off"
          required
          value={repeat}
          onValueChange={(value) => {
            setRepeat(value);
            setServerErrors({});
          }}
          onBlur={() => setTouched((current) => ({ ...current, repeat: true }))}
          error={serverErrors.social_security_number_confirmation ?? (touched.repeat && repeatError ? repeatError : undefined)}
        />
        <p className={styles.muted}>Your number is encrypted and sent over a 2048-bit SSL connection.</p>
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth disabled={!complete} loading={pending}>
            Check my rate
          </Button>
        </div>
      </form>
    </StepCard>
  );
}
