import { useState } from 'react';
import type { ReactNode } from 'react';
import { BRAND } from '../../../lib/brand';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { newflowSsnError, ssnRepeatError } from '../lib/rules';
import { StepCard } from './step-card';
import { StepForm, useStepForm } from './step-form';
import styles from './newflow.module.css';

/**
 * ssn (ssn_input, newflow §2, §5, §8): the SSN and its repeat. "SSN is not valid" / "SSN does not
 * match"; a server refusal shows the first message for social_security_number (e.g. already taken).
 * "Check my rate" is also the applicant's authorization of the soft credit pull (FCRA written
 * instructions): the statement and its document sit right above the button, and the server records the
 * Credit Pull Authorization with the step.
 */
export function Ssn({ creditPullLink }: { creditPullLink: ReactNode }) {
  const form = useStepForm();
  const { serverErrors, setServerErrors } = form;
  const [ssn, setSsn] = useState('');
  const [repeat, setRepeat] = useState('');
  const [blurred, setBlurred] = useState({ ssn: false, repeat: false });
  const touched = { ssn: form.submitted || blurred.ssn, repeat: form.submitted || blurred.repeat };
  const ssnError = newflowSsnError(ssn);
  const repeatError = ssnError ? null : ssnRepeatError(ssn, repeat);
  const complete = !ssnError && !repeatError;

  const onSubmit = () =>
    form.send({
      complete,
      body: () => ({ workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: ssn, social_security_number_confirmation: repeat } }),
      messageOf: (refusal) => (refusal.fieldErrors.social_security_number || refusal.fieldErrors.social_security_number_confirmation ? null : refusal.message),
    });

  return (
    <StepCard title="Social Security Number" lead="We use it to check your rate with the credit bureau. Checking your rate does not affect your credit score.">
      <StepForm onSubmit={onSubmit} message={form.message} pending={form.pending} submitLabel="Check my rate" submitDisabled={!complete}>
        <MaskedTextField
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
          onBlur={() => setBlurred((current) => ({ ...current, ssn: true }))}
          error={serverErrors.social_security_number ?? (touched.ssn && ssnError ? ssnError : undefined)}
        />
        <MaskedTextField
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
          onBlur={() => setBlurred((current) => ({ ...current, repeat: true }))}
          error={serverErrors.social_security_number_confirmation ?? (touched.repeat && repeatError ? repeatError : undefined)}
        />
        <p className={styles.muted}>Your number is encrypted and sent over a 2048-bit SSL connection.</p>
        <p>
          By selecting Check my rate, you authorize {BRAND.name} to obtain your consumer credit report and credit score from a credit bureau to check your rate
          (a soft inquiry), as described in the {creditPullLink}.
        </p>
      </StepForm>
    </StepCard>
  );
}
