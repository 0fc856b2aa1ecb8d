import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { BRAND } from '../../../lib/brand';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { StepCard } from './step-card';
import { ssnStepSchema } from './ssn.schema';
import type { SsnStepValues } from './ssn.schema';
import { StepForm, stepErrors, useStepForm } from './step-form';
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

  const onSubmit = (answers: SsnStepValues) =>
    form.send({
      complete: true,
      body: () => ({ workflow_status_key: 'ssn_input', loan_borrower: answers }),
      messageOf: (refusal) => (refusal.fieldErrors.social_security_number || refusal.fieldErrors.social_security_number_confirmation ? null : refusal.message),
    });

  return (
    <StepCard title="Social Security Number" lead="We use it to check your rate with the credit bureau. Checking your rate does not affect your credit score.">
      <StepForm
        schema={ssnStepSchema}
        defaultValues={{ social_security_number: '', social_security_number_confirmation: '' }}
        onSubmit={onSubmit}
        message={form.message}
        pending={form.pending}
        submitLabel="Check my rate"
        submitDisabled="until-valid"
      >
        {({ control, watch, formState: { touchedFields, isSubmitted } }) => {
          const errors = stepErrors(ssnStepSchema, watch());
          const shown = (field: keyof SsnStepValues) => serverErrors[field] ?? (isSubmitted || touchedFields[field] ? errors[field] : undefined);
          const field = (name: keyof SsnStepValues, label: string) => (
            <Controller
              control={control}
              name={name}
              render={({ field: answer }) => (
                <MaskedTextField
                  label={label}
                  name={answer.name}
                  mask="###-##-####"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  value={answer.value}
                  onValueChange={(value) => {
                    answer.onChange(value);
                    setServerErrors({});
                  }}
                  onBlur={answer.onBlur}
                  error={shown(name)}
                />
              )}
            />
          );
          return (
            <>
              {field('social_security_number', 'Social Security Number')}
              {field('social_security_number_confirmation', 'Repeat your Social Security Number')}
              <p className={styles.muted}>Your number is encrypted and sent over a 2048-bit SSL connection.</p>
              <p>
                By selecting Check my rate, you authorize {BRAND.name} to obtain your consumer credit report and credit score from a credit bureau to check your
                rate (a soft inquiry), as described in the {creditPullLink}.
              </p>
            </>
          );
        }}
      </StepForm>
    </StepCard>
  );
}
