import { useState } from 'react';
import { MULTIPLE_PAYCHECK_OPTIONS, PAYROLL_SERVICE_DONT_KNOW, PAYROLL_SERVICE_OTHER, ZEmployerInfoData } from '@payrail/contract/newflow';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { LIMITS } from '../lib/rules';
import { StepCard } from './step-card';
import { employerInfoDefaults, employerInfoSchema } from './employer-info.schema';
import type { EmployerInfoAnswers } from './employer-info.schema';
import { StepForm, stepErrors, useStepForm } from './step-form';
import { StepScreen } from './step-states';

/** The payroll choices of spec §3, worded as the spec words them: the server's services, then Other (its name typed below) and Don't know. */
function payrollChoices(services: readonly string[]) {
  return [
    ...services.map((name) => ({ value: name, label: name })),
    { value: PAYROLL_SERVICE_OTHER, label: PAYROLL_SERVICE_OTHER },
    { value: PAYROLL_SERVICE_DONT_KNOW, label: PAYROLL_SERVICE_DONT_KNOW },
  ];
}

/** employer_info (newflow §2, §5): the employer that is not on the list; all required, middle initial ≤ 1, phone ≤ 20. */
export function EmployerInfo() {
  return (
    <StepScreen step="employer_info" schema={ZEmployerInfoData} title="Employer Information">
      {(data) => <EmployerInfoForm payrollServices={data.payroll_services} />}
    </StepScreen>
  );
}

function EmployerInfoForm({ payrollServices }: { payrollServices: readonly string[] }) {
  const form = useStepForm();
  const [defaultValues] = useState(employerInfoDefaults);

  return (
    <StepCard title="Employer Information" lead="Your employer is not on our list yet. Tell us about it and we will check whether we can work with it.">
      <StepForm
        schema={employerInfoSchema}
        defaultValues={defaultValues}
        onSubmit={(body) =>
          form.send({ complete: true, body: () => body, messageOf: (refusal) => refusal.message ?? Object.values(refusal.fieldErrors).join(' ') })
        }
        message={form.message}
        pending={form.pending}
      >
        {({ watch, setValue, formState: { isSubmitted } }) => {
          const values = watch();
          const errors = stepErrors(employerInfoSchema, values);
          const shown = (answer: keyof EmployerInfoAnswers) => form.serverErrors[answer] ?? (isSubmitted ? errors[answer] : undefined);
          const set = (answer: keyof EmployerInfoAnswers) => (value: string) => setValue(answer, value);
          return (
            <>
              <TextField
                label="Employer name"
                name="name"
                required
                maxLength={120}
                value={values.name}
                onChange={(event) => set('name')(event.target.value)}
                error={shown('name')}
              />
              <TextField
                label="First name"
                name="first_name"
                required
                autoComplete="given-name"
                maxLength={60}
                value={values.first_name}
                onChange={(event) => set('first_name')(event.target.value)}
                error={shown('first_name')}
              />
              <TextField
                label="Middle initial"
                name="middle_initial"
                optional
                maxLength={LIMITS.middleInitial}
                value={values.middle_initial}
                onChange={(event) => set('middle_initial')(event.target.value.toUpperCase())}
                error={shown('middle_initial')}
              />
              <TextField
                label="Last name"
                name="last_name"
                required
                autoComplete="family-name"
                maxLength={60}
                value={values.last_name}
                onChange={(event) => set('last_name')(event.target.value)}
                error={shown('last_name')}
              />
              <TextField
                label="Work e-mail"
                name="work_email"
                type="email"
                required
                autoComplete="email"
                value={values.work_email}
                onChange={(event) => set('work_email')(event.target.value)}
                error={shown('work_email')}
              />
              <TextField
                label="Phone"
                name="phone"
                type="tel"
                required
                autoComplete="tel"
                maxLength={LIMITS.phone}
                value={values.phone}
                onChange={(event) => set('phone')(event.target.value)}
                error={shown('phone')}
              />
              <Select
                label="Payroll service"
                name="payroll_service"
                placeholder="Choose one"
                options={payrollChoices(payrollServices)}
                required
                value={values.payroll_service}
                onChange={(event) => set('payroll_service')(event.target.value)}
                error={shown('payroll_service')}
              />
              {values.payroll_service === PAYROLL_SERVICE_OTHER ? (
                <TextField
                  label="Which payroll service?"
                  name="payroll_service_other"
                  required
                  maxLength={120}
                  value={values.payroll_service_other}
                  onChange={(event) => set('payroll_service_other')(event.target.value)}
                  error={isSubmitted ? errors.payroll_service_other : undefined}
                />
              ) : null}
              <RadioCards
                legend="Is your pay split across more than one account?"
                name="multiplePaychecks"
                columns={3}
                required
                options={MULTIPLE_PAYCHECK_OPTIONS.map((value) => ({ value, label: value }))}
                value={values.multiple_paycheck || null}
                onChange={set('multiple_paycheck')}
                error={shown('multiple_paycheck')}
              />
            </>
          );
        }}
      </StepForm>
    </StepCard>
  );
}
