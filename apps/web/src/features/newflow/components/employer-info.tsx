import { useState } from 'react';
import { MSG } from '@payrail/contract/messages';
import { MULTIPLE_PAYCHECK_OPTIONS, PAYROLL_SERVICE_DONT_KNOW, PAYROLL_SERVICE_OTHER, ZEmployerInfoData } from '@payrail/contract/newflow';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { useStepData } from '../api/steps';
import { LIMITS } from '../lib/rules';
import { StepCard } from './step-card';
import { StepForm, useStepForm } from './step-form';
import { StepGate } from './step-states';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The payroll choices of spec §3, worded as the spec words them: the server's services, then Other (its name typed below) and Don't know. */
function payrollChoices(services: readonly string[]) {
  return [
    ...services.map((name) => ({ value: name, label: name })),
    { value: PAYROLL_SERVICE_OTHER, label: PAYROLL_SERVICE_OTHER },
    { value: PAYROLL_SERVICE_DONT_KNOW, label: PAYROLL_SERVICE_DONT_KNOW },
  ];
}

type Field =
  'employerName' | 'firstName' | 'middleInitial' | 'lastName' | 'workEmail' | 'phone' | 'payrollService' | 'payrollServiceOther' | 'multiplePaychecks';

/** employer_info (newflow §2, §5): the employer that is not on the list; all required, middle initial ≤ 1, phone ≤ 20. */
export function EmployerInfo() {
  const query = useStepData('employer_info', ZEmployerInfoData);
  return (
    <StepGate query={query} title="Employer Information">
      {(data) => <EmployerInfoForm payrollServices={data.payroll_services} />}
    </StepGate>
  );
}

function EmployerInfoForm({ payrollServices }: { payrollServices: readonly string[] }) {
  const form = useStepForm();
  const [values, setValues] = useState<Record<Field, string>>({
    employerName: '',
    firstName: '',
    middleInitial: '',
    lastName: '',
    workEmail: '',
    phone: '',
    payrollService: '',
    payrollServiceOther: '',
    multiplePaychecks: '',
  });
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const errors: Partial<Record<Field, string>> = {};
  for (const field of ['employerName', 'firstName', 'lastName', 'workEmail', 'phone', 'payrollService', 'multiplePaychecks'] as const)
    if (!values[field].trim()) errors[field] = MSG.required;
  if (values.workEmail && !EMAIL.test(values.workEmail.trim())) errors.workEmail = MSG.invalidEmail;
  if (values.payrollService === PAYROLL_SERVICE_OTHER && !values.payrollServiceOther.trim()) errors.payrollServiceOther = MSG.required;
  const complete = Object.keys(errors).length === 0;
  const shown = (field: Field, server?: string) => (server ? form.serverErrors[server] : undefined) ?? (form.submitted ? errors[field] : undefined);

  const onSubmit = () =>
    form.send({
      complete,
      body: () => ({
        workflow_status_key: 'employer_info',
        employer: {
          name: values.employerName.trim(),
          multiple_paycheck: values.multiplePaychecks,
          payroll_service: values.payrollService === PAYROLL_SERVICE_OTHER ? values.payrollServiceOther.trim() : values.payrollService,
          work_email: values.workEmail.trim(),
        },
        loan_borrower: {
          phone: values.phone.trim(),
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          middle_initial: values.middleInitial.trim(),
        },
      }),
      messageOf: (refusal) => refusal.message ?? Object.values(refusal.fieldErrors).join(' '),
    });

  return (
    <StepCard title="Employer Information" lead="Your employer is not on our list yet. Tell us about it and we will check whether we can work with it.">
      <StepForm onSubmit={onSubmit} message={form.message} pending={form.pending}>
        <TextField
          label="Employer name"
          required
          maxLength={120}
          value={values.employerName}
          onChange={(event) => set('employerName')(event.target.value)}
          error={shown('employerName', 'name')}
        />
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          maxLength={60}
          value={values.firstName}
          onChange={(event) => set('firstName')(event.target.value)}
          error={shown('firstName', 'first_name')}
        />
        <TextField
          label="Middle initial"
          optional
          maxLength={LIMITS.middleInitial}
          value={values.middleInitial}
          onChange={(event) => set('middleInitial')(event.target.value.toUpperCase())}
          error={shown('middleInitial', 'middle_initial')}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={60}
          value={values.lastName}
          onChange={(event) => set('lastName')(event.target.value)}
          error={shown('lastName', 'last_name')}
        />
        <TextField
          label="Work e-mail"
          type="email"
          required
          autoComplete="email"
          value={values.workEmail}
          onChange={(event) => set('workEmail')(event.target.value)}
          error={shown('workEmail', 'work_email')}
        />
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          maxLength={LIMITS.phone}
          value={values.phone}
          onChange={(event) => set('phone')(event.target.value)}
          error={shown('phone', 'phone')}
        />
        <Select
          label="Payroll service"
          placeholder="Choose one"
          options={payrollChoices(payrollServices)}
          required
          value={values.payrollService}
          onChange={(event) => set('payrollService')(event.target.value)}
          error={shown('payrollService', 'payroll_service')}
        />
        {values.payrollService === PAYROLL_SERVICE_OTHER ? (
          <TextField
            label="Which payroll service?"
            required
            maxLength={120}
            value={values.payrollServiceOther}
            onChange={(event) => set('payrollServiceOther')(event.target.value)}
            error={shown('payrollServiceOther')}
          />
        ) : null}
        <RadioCards
          legend="Is your pay split across more than one account?"
          name="multiplePaychecks"
          columns={3}
          required
          options={MULTIPLE_PAYCHECK_OPTIONS.map((value) => ({ value, label: value }))}
          value={values.multiplePaychecks || null}
          onChange={set('multiplePaychecks')}
          error={shown('multiplePaychecks', 'multiple_paycheck')}
        />
      </StepForm>
    </StepCard>
  );
}
