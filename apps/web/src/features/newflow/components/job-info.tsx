import { useState } from 'react';
import type { ReactNode } from 'react';
import { ZJobInfoData } from '@payrail/contract/newflow';
import type { TEmployer } from '@payrail/contract/reference';
import type { z } from 'zod';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { MONEY_INPUT_MAX_DOLLAR_DIGITS } from '@payrail/client/money-input';
import { StepCard } from './step-card';
import { jobInfoSchema } from './job-info.schema';
import type { JobInfoAnswers } from './job-info.schema';
import { StepForm, stepErrors, useStepForm } from './step-form';
import { StepScreen, centsToDollarsText } from './step-states';
import styles from './newflow.module.css';

type JobInfoData = z.infer<typeof ZJobInfoData>;

export interface EmployerSearchSlot {
  search: string;
  onSearchChange: (value: string) => void;
  onPick: (employer: TEmployer) => void;
  error?: string;
}

export interface JobInfoProps {
  /** The employer search (from 3 characters, debounced 500 ms), composed in app/ from the employer feature. */
  renderEmployerSearch: (slot: EmployerSearchSlot) => ReactNode;
}

function JobInfoForm({ data, renderEmployerSearch }: { data: JobInfoData } & JobInfoProps) {
  const form = useStepForm();
  const [search, setSearch] = useState('');
  const [defaultValues] = useState((): JobInfoAnswers => {
    const initial = data.loan_borrower;
    return {
      employer_id:
        initial.employer_id === null
          ? null
          : initial.employer_id === data.other_employer_id
            ? { kind: 'other', id: data.other_employer_id }
            : { kind: 'listed', id: initial.employer_id, name: data.employer_obj?.name ?? 'Your employer' },
      employment_status: initial.employment_status ?? '',
      payment_frequency: initial.payment_frequency ?? '',
      working_time_range: initial.working_time_range ?? '',
      annual_income: centsToDollarsText(initial.annual_income),
      annual_household_income: centsToDollarsText(initial.annual_household_income),
    };
  });

  return (
    <StepForm
      schema={jobInfoSchema}
      defaultValues={defaultValues}
      onSubmit={(body) => form.send({ complete: true, body: () => body })}
      message={form.message}
      pending={form.pending}
      submitDisabled="until-valid"
    >
      {({ watch, setValue, formState: { isSubmitted } }) => {
        const values = watch();
        const picked = values.employer_id;
        const errors = stepErrors(jobInfoSchema, values);
        const errorOf = (field: keyof JobInfoAnswers) => form.serverErrors[field] ?? (isSubmitted ? errors[field] : undefined);
        const set = (field: Exclude<keyof JobInfoAnswers, 'employer_id'>) => (value: string) => {
          setValue(field, value);
          form.clearServerError(field);
        };
        return (
          <>
            {picked ? (
              <div className={styles.summary}>
                <p>
                  Employer: <strong>{picked.kind === 'other' ? 'Not on the list' : picked.name}</strong>
                </p>
                <button type="button" className={styles.linkButton} onClick={() => setValue('employer_id', null)}>
                  Change<span className="visually-hidden"> employer</span>
                </button>
              </div>
            ) : (
              <>
                {renderEmployerSearch({
                  search,
                  onSearchChange: setSearch,
                  onPick: (employer) => setValue('employer_id', { kind: 'listed', id: employer.id, name: employer.name }),
                  error: errorOf('employer_id'),
                })}
                <p>
                  <button type="button" className={styles.linkButton} onClick={() => setValue('employer_id', { kind: 'other', id: data.other_employer_id })}>
                    My employer is not on the list
                  </button>
                </p>
              </>
            )}
            <Select
              label="Employment status"
              name="employment_status"
              placeholder="Choose one"
              options={data.employment_status_options.map((value) => ({ value, label: value }))}
              value={values.employment_status}
              onChange={(event) => set('employment_status')(event.target.value)}
              error={errorOf('employment_status')}
              required
            />
            <Select
              label="How often are you paid?"
              name="payment_frequency"
              placeholder="Choose one"
              options={data.payment_frequencies}
              value={values.payment_frequency}
              onChange={(event) => set('payment_frequency')(event.target.value)}
              error={errorOf('payment_frequency')}
              required
            />
            <Select
              label="How long have you worked there?"
              name="working_time_range"
              placeholder="Choose one"
              options={data.working_time_ranges.map((value) => ({ value, label: value }))}
              value={values.working_time_range}
              onChange={(event) => set('working_time_range')(event.target.value)}
              error={errorOf('working_time_range')}
              required
            />
            <TextField
              label="Annual income"
              name="annual_income"
              hint="Before taxes, in dollars."
              inputMode="numeric"
              maxLength={MONEY_INPUT_MAX_DOLLAR_DIGITS}
              autoComplete="off"
              value={values.annual_income}
              onChange={(event) => set('annual_income')(event.target.value.replace(/[^\d]/g, ''))}
              error={errorOf('annual_income')}
              required
            />
            <TextField
              label="Annual household income"
              name="annual_household_income"
              hint="Everyone in your household, before taxes, in dollars."
              inputMode="numeric"
              maxLength={MONEY_INPUT_MAX_DOLLAR_DIGITS}
              autoComplete="off"
              value={values.annual_household_income}
              onChange={(event) => set('annual_household_income')(event.target.value.replace(/[^\d]/g, ''))}
              error={errorOf('annual_household_income')}
              required
            />
          </>
        );
      }}
    </StepForm>
  );
}

/** job_info (newflow §2, §3, §5): employer search (or "not on the list"), status, pay frequency, tenure and incomes; all required. */
export function JobInfo(props: JobInfoProps) {
  return (
    <StepScreen step="job_info" schema={ZJobInfoData} title="Job Information">
      {(data) => (
        <StepCard title="Job Information" lead="Tell us about your job. Your employer decides which programs you can use.">
          <JobInfoForm data={data} {...props} />
        </StepCard>
      )}
    </StepScreen>
  );
}
