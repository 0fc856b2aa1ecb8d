import { useState } from 'react';
import type { ReactNode } from 'react';
import { MSG } from '@payrail/contract/messages';
import { ZJobInfoData } from '@payrail/contract/newflow';
import type { TEmployer } from '@payrail/contract/reference';
import type { z } from 'zod';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { useStepData } from '../api/steps';
import { StepCard } from './step-card';
import { StepForm, useStepForm } from './step-form';
import { StepGate, centsToDollarsText, dollarsToCents } from './step-states';
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

type Picked = { kind: 'listed'; id: number; name: string } | { kind: 'other'; id: number } | null;

type Field = 'employer_id' | 'employment_status' | 'payment_frequency' | 'working_time_range' | 'annual_income' | 'annual_household_income';

function JobInfoForm({ data, renderEmployerSearch }: { data: JobInfoData } & JobInfoProps) {
  const form = useStepForm();
  const initial = data.loan_borrower;
  const [picked, setPicked] = useState<Picked>(() => {
    if (initial.employer_id === null) return null;
    if (initial.employer_id === data.other_employer_id) return { kind: 'other', id: data.other_employer_id };
    return { kind: 'listed', id: initial.employer_id, name: data.employer_obj?.name ?? 'Your employer' };
  });
  const [search, setSearch] = useState('');
  const [values, setValues] = useState({
    employment_status: initial.employment_status ?? '',
    payment_frequency: initial.payment_frequency ?? '',
    working_time_range: initial.working_time_range ?? '',
    annual_income: centsToDollarsText(initial.annual_income),
    annual_household_income: centsToDollarsText(initial.annual_household_income),
  });

  const missing: Partial<Record<Field, string>> = {};
  if (!picked) missing.employer_id = 'Choose your employer, or tell us it is not on the list.';
  for (const key of ['employment_status', 'payment_frequency', 'working_time_range'] as const) if (!values[key]) missing[key] = MSG.required;
  for (const key of ['annual_income', 'annual_household_income'] as const) if (dollarsToCents(values[key]) === null) missing[key] = MSG.required;
  const complete = Object.keys(missing).length === 0;
  const errorOf = (field: Field) => form.serverErrors[field] ?? (form.submitted ? missing[field] : undefined);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearServerError(field);
  };

  const onSubmit = () =>
    form.send({
      complete,
      body: () =>
        picked && {
          workflow_status_key: 'job_info',
          loan_borrower: {
            employer_id: picked.id,
            employment_status: values.employment_status,
            payment_frequency: values.payment_frequency,
            working_time_range: values.working_time_range,
            annual_income: dollarsToCents(values.annual_income),
            annual_household_income: dollarsToCents(values.annual_household_income),
          },
        },
    });

  return (
    <StepForm onSubmit={onSubmit} message={form.message} pending={form.pending} submitDisabled={!complete}>
      {picked ? (
        <div className={styles.summary}>
          <p>
            Employer: <strong>{picked.kind === 'other' ? 'Not on the list' : picked.name}</strong>
          </p>
          <button type="button" className={styles.linkButton} onClick={() => setPicked(null)}>
            Change<span className="visually-hidden"> employer</span>
          </button>
        </div>
      ) : (
        <>
          {renderEmployerSearch({
            search,
            onSearchChange: setSearch,
            onPick: (employer) => setPicked({ kind: 'listed', id: employer.id, name: employer.name }),
            error: errorOf('employer_id'),
          })}
          <p>
            <button type="button" className={styles.linkButton} onClick={() => setPicked({ kind: 'other', id: data.other_employer_id })}>
              My employer is not on the list
            </button>
          </p>
        </>
      )}
      <Select
        label="Employment status"
        placeholder="Choose one"
        options={data.employment_status_options.map((value) => ({ value, label: value }))}
        value={values.employment_status}
        onChange={(event) => set('employment_status')(event.target.value)}
        error={errorOf('employment_status')}
        required
      />
      <Select
        label="How often are you paid?"
        placeholder="Choose one"
        options={data.payment_frequencies}
        value={values.payment_frequency}
        onChange={(event) => set('payment_frequency')(event.target.value)}
        error={errorOf('payment_frequency')}
        required
      />
      <Select
        label="How long have you worked there?"
        placeholder="Choose one"
        options={data.working_time_ranges.map((value) => ({ value, label: value }))}
        value={values.working_time_range}
        onChange={(event) => set('working_time_range')(event.target.value)}
        error={errorOf('working_time_range')}
        required
      />
      <TextField
        label="Annual income"
        hint="Before taxes, in dollars."
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        value={values.annual_income}
        onChange={(event) => set('annual_income')(event.target.value.replace(/[^\d]/g, ''))}
        error={errorOf('annual_income')}
        required
      />
      <TextField
        label="Annual household income"
        hint="Everyone in your household, before taxes, in dollars."
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        value={values.annual_household_income}
        onChange={(event) => set('annual_household_income')(event.target.value.replace(/[^\d]/g, ''))}
        error={errorOf('annual_household_income')}
        required
      />
    </StepForm>
  );
}

/** job_info (newflow §2, §3, §5): employer search (or "not on the list"), status, pay frequency, tenure and incomes; all required. */
export function JobInfo(props: JobInfoProps) {
  const query = useStepData('job_info', ZJobInfoData);
  return (
    <StepGate query={query} title="Job Information">
      {(data) => (
        <StepCard title="Job Information" lead="Tell us about your job. Your employer decides which programs you can use.">
          <JobInfoForm data={data} {...props} />
        </StepCard>
      )}
    </StepGate>
  );
}
