import { createContext, useContext } from 'react';
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { SSN_CONFIRMATION_FIELD, WORKING_TIME_RANGE_LABELS } from '@payrail/contract/application';
import type { TState } from '@payrail/contract/reference';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { MoneyField } from '@payrail/ui/money-field';
import type { MaskedTextFieldProps } from '@payrail/ui/masked-text-field';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { FIELD_LABELS, MONEY_FIELDS, REFERENCE_KEYS, REFERENCE_LABELS } from '../lib/feedback-form';
import type { Errors, Group, Values } from '../lib/feedback-form';
import { EmployerPicker } from './employer-picker';
import type { ChosenEmployer } from './employer-picker';
import styles from './feedback.module.css';

/** What the fields of the feedback form share: the live values and rules, and the page's pickers. */
export interface FeedbackFieldsState {
  /** The inputs' values, flat (`ref.0.phone`). */
  values: Values;
  /** Every input's rule message (spec §5), shown or not. */
  errors: Errors;
  /** The message shown under an input: the server's, else the rule's once the input was left (or at once, see the page). */
  errorOf: (key: string) => string | undefined;
  states: readonly TState[];
  purposes: readonly { id: number; name: string }[];
  employer: ChosenEmployer | null;
  chooseEmployer: (employer: ChosenEmployer) => void;
  /** A home state we do not lend in was chosen: the lead capture opens (spec §5). */
  onUnavailableState: (state: { id: number; name: string }) => void;
}

const FeedbackFieldsContext = createContext<FeedbackFieldsState | null>(null);
export const FeedbackFieldsProvider = FeedbackFieldsContext.Provider;

function useFeedbackFields(): FeedbackFieldsState {
  const state = useContext(FeedbackFieldsContext);
  if (!state) throw new Error('The feedback fields are used outside FeedbackFieldsProvider.');
  return state;
}

/** One input of the form: its value in the form, a change clears the server's message on it. */
function useFeedbackInput(name: string) {
  const { control, clearErrors, getFieldState } = useFormContext();
  const { field } = useController({ control, name });
  const change = (value: string) => {
    field.onChange(value);
    if (getFieldState(name).error) clearErrors(name);
  };
  /** A choice (radio, select, employer) counts as answered at once, as if left. */
  const choose = (value: string) => {
    change(value);
    field.onBlur();
  };
  return { field, change, choose };
}

type TextExtra = Partial<MaskedTextFieldProps>;

/** A dollar amount (annual income, household income, housing payment): the kit's money field, its rule's message once left. */
function FeedbackMoneyField({ name }: { name: string }) {
  const { errorOf } = useFeedbackFields();
  const { clearErrors, getFieldState } = useFormContext();
  return (
    <MoneyField
      name={name}
      label={FIELD_LABELS[name] ?? name}
      hint="In dollars, up to 5 digits."
      error={errorOf(name) ?? null}
      onChange={() => {
        if (getFieldState(name).error) clearErrors(name);
      }}
    />
  );
}

export function FeedbackTextField({ name, label, extra = {} }: { name: string; label?: ReactNode; extra?: TextExtra }) {
  const { errorOf } = useFeedbackFields();
  const { field, change } = useFeedbackInput(name);
  const { mask, onBlur, ...rest } = extra;
  const common = {
    label: label ?? FIELD_LABELS[name] ?? name,
    name,
    value: (field.value as string | undefined) ?? '',
    error: errorOf(name),
    ref: field.ref,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      field.onBlur();
      onBlur?.(event);
    },
  };
  return mask ? (
    <MaskedTextField {...rest} {...common} mask={mask} onValueChange={(masked: string) => change(masked)} />
  ) : (
    <TextField {...rest} {...common} onChange={(event: ChangeEvent<HTMLInputElement>) => change(event.target.value)} />
  );
}

function StateSelect({ name }: { name: 'state_id' | 'driver_license_state_id' }) {
  const { errorOf, states, onUnavailableState } = useFeedbackFields();
  const { field, choose } = useFeedbackInput(name);
  return (
    <Select
      label={FIELD_LABELS[name]}
      name={name}
      placeholder="Choose a state"
      options={states.map((s) => ({ value: String(s.id), label: s.name }))}
      value={(field.value as string | undefined) ?? ''}
      ref={field.ref}
      onChange={(event) => {
        choose(event.target.value);
        // Spec §5: a home state we do not lend in also opens the lead capture (not the driver license state).
        const chosen = states.find((s) => String(s.id) === event.target.value);
        if (name === 'state_id' && chosen && !chosen.is_available) onUnavailableState({ id: chosen.id, name: chosen.name });
      }}
      onBlur={field.onBlur}
      error={errorOf(name)}
      autoComplete={name === 'state_id' ? 'address-level1' : 'off'}
    />
  );
}

function Choice({ name, legend, options }: { name: string; legend: ReactNode; options: readonly { value: string; label: string }[] }) {
  const { errorOf } = useFeedbackFields();
  const { field, choose } = useFeedbackInput(name);
  return (
    <RadioCards legend={legend} name={name} options={options} value={(field.value as string | undefined) || null} onChange={choose} error={errorOf(name)} />
  );
}

function LoanPurposeSelect() {
  const { errorOf, purposes } = useFeedbackFields();
  const { field, choose } = useFeedbackInput('loan_purpose_id');
  return (
    <Select
      label={FIELD_LABELS.loan_purpose_id}
      name="loan_purpose_id"
      placeholder="Choose a purpose"
      options={purposes.map((p) => ({ value: String(p.id), label: p.name }))}
      value={(field.value as string | undefined) ?? ''}
      ref={field.ref}
      onChange={(event) => choose(event.target.value)}
      error={errorOf('loan_purpose_id')}
    />
  );
}

function EmployerGroup() {
  const { errorOf, values, employer, chooseEmployer } = useFeedbackFields();
  const { choose } = useFeedbackInput('employer_id');
  return (
    <fieldset className={styles.group}>
      <legend>Employer</legend>
      <EmployerPicker
        chosen={employer}
        onChoose={(next) => {
          chooseEmployer(next);
          choose(String(next.id));
        }}
        error={errorOf('employer_id')}
      />
      {employer?.partner || (values.employee_id ?? '') !== '' ? (
        <FeedbackTextField name="employee_id" extra={{ maxLength: 30, optional: !employer?.partner }} />
      ) : null}
    </fieldset>
  );
}

function DateOfBirthField() {
  const { values, errors } = useFeedbackFields();
  return (
    <FeedbackTextField
      name="date_of_birth"
      extra={{
        mask: '##/##/####',
        inputMode: 'numeric',
        autoComplete: 'bday',
        hint: 'MM/DD/YYYY',
        placeholder: 'MM/DD/YYYY',
        // Spec §5: a complete date that breaks a rule is also a warning notification.
        onBlur: () => {
          const warning = errors.date_of_birth;
          if (warning && (values.date_of_birth ?? '').replace(/\D/g, '').length === 8) notify.warning(warning);
        },
      }}
    />
  );
}

const ZIP: TextExtra = { mask: '#####', inputMode: 'numeric', autoComplete: 'postal-code' };
const UNIT: TextExtra = { optional: true, autoComplete: 'address-line2' };
const SSN: TextExtra = { mask: '###-##-####', inputMode: 'numeric', autoComplete: 'off' };
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

const textAutoComplete = (field: string) =>
  field === 'first_name' ? 'given-name' : field === 'last_name' ? 'family-name' : field === 'city' ? 'address-level2' : 'off';

/** One group of flagged fields (see `groupsOf`), as the page shows it. */
export function FeedbackGroup({ group }: { group: Group }) {
  switch (group.kind) {
    case 'text':
      if (group.field === 'zip_code') return <FeedbackTextField name="zip_code" extra={ZIP} />;
      if (group.field === 'unit_number') return <FeedbackTextField name="unit_number" extra={UNIT} />;
      if (MONEY_FIELDS.has(group.field)) return <FeedbackMoneyField name={group.field} />;
      return <FeedbackTextField name={group.field} extra={{ autoComplete: textAutoComplete(group.field) }} />;
    case 'ssn':
      return (
        <fieldset className={styles.group}>
          <legend>Social security number</legend>
          <FeedbackTextField name="social_security_number" extra={SSN} />
          <FeedbackTextField
            name={SSN_CONFIRMATION_FIELD}
            extra={{
              ...SSN,
              hint: 'Type it again; pasting is turned off.',
              onPaste: (event) => event.preventDefault(),
              onDrop: (event) => event.preventDefault(),
            }}
          />
        </fieldset>
      );
    case 'date_of_birth':
      return <DateOfBirthField />;
    case 'state':
      return <StateSelect name={group.field} />;
    case 'military_active':
      return <Choice name="military_active" legend={FIELD_LABELS.military_active} options={YES_NO} />;
    case 'working_time_range':
      return (
        <Choice
          name="working_time_range"
          legend={FIELD_LABELS.working_time_range}
          options={WORKING_TIME_RANGE_LABELS.map((label) => ({ value: label, label }))}
        />
      );
    case 'housing_type':
      return (
        <Choice
          name="housing_type"
          legend={FIELD_LABELS.housing_type}
          options={[
            { value: 'rent', label: 'Rent' },
            { value: 'own', label: 'Own' },
          ]}
        />
      );
    case 'loan_purpose_id':
      return <LoanPurposeSelect />;
    case 'employer':
      return <EmployerGroup />;
    case 'address':
      return (
        <fieldset className={styles.group}>
          <legend>Home address</legend>
          <FeedbackTextField name="address" extra={{ autoComplete: 'address-line1' }} />
          <FeedbackTextField name="unit_number" extra={UNIT} />
          <div className={styles.row}>
            <FeedbackTextField name="zip_code" extra={ZIP} />
            <FeedbackTextField name="city" extra={{ autoComplete: 'address-level2' }} />
          </div>
          <StateSelect name="state_id" />
        </fieldset>
      );
    case 'references':
      return (
        <div className={styles.references}>
          {[0, 1].map((i) => (
            <fieldset key={i} className={styles.group}>
              <legend>Reference {i + 1}</legend>
              <div className={styles.row}>
                {REFERENCE_KEYS.map((k) => (
                  <FeedbackTextField
                    key={k}
                    name={`ref.${i}.${k}`}
                    label={REFERENCE_LABELS[k]}
                    extra={
                      k === 'phone' ? { mask: '(###) ###-####', type: 'tel', inputMode: 'tel', autoComplete: 'off' } : { autoComplete: 'off', maxLength: 60 }
                    }
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      );
  }
}

/** The bank account the reviewer asked for again (when no new bank link is asked). */
export function FeedbackBankFields() {
  return (
    <fieldset className={styles.group}>
      <legend>Bank account to receive your loan</legend>
      <Choice
        name="bank.account_type"
        legend="Account type"
        options={[
          { value: 'checking', label: 'Checking' },
          { value: 'savings', label: 'Savings' },
        ]}
      />
      <FeedbackTextField
        name="bank.routing_transfer_number"
        label="Routing number"
        extra={{ mask: '############', inputMode: 'numeric', autoComplete: 'off' }}
      />
      <FeedbackTextField name="bank.bank_account_number" label="Account number" extra={{ inputMode: 'numeric', maxLength: 20, autoComplete: 'off' }} />
    </fieldset>
  );
}
