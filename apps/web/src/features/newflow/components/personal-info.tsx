import { useState } from 'react';
import type { ReactNode } from 'react';
import { ZPersonalInfoData } from '@payrail/contract/newflow';
import type { TAddressSuggestion } from '@payrail/contract/address';
import type { z } from 'zod';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { navigate } from '@payrail/client/navigation';
import { MONEY_INPUT_MAX_DOLLAR_DIGITS } from '@payrail/client/money-input';
import { useStates } from '../../../api/get-states';
import { LIMITS, isoToUs } from '../lib/rules';
import { StepCard } from './step-card';
import { OWN_NO_MORTGAGE, housingSchema, personalSchema } from './personal-info.schema';
import type { HousingAnswers, PersonalAnswers, PersonalField } from './personal-info.schema';
import { StepForm, stepErrors, useStepForm } from './step-form';
import { StepScreen, centsToDollarsText } from './step-states';
import styles from './newflow.module.css';

type PersonalData = z.infer<typeof ZPersonalInfoData>;

export interface AddressSlot {
  value: string;
  error?: string;
  onChange: (text: string) => void;
  onPick: (suggestion: TAddressSuggestion) => void;
}

/** The phone input (composed in app/ from the phone feature, the same rules as verify_phone). */
export interface PhoneSlot {
  initialNumber: string | null;
  error?: string;
  /** The E.164 number, or null while what is typed is not a valid mobile number. */
  onChange: (e164: string | null) => void;
  onBlur: () => void;
}

export interface PersonalInfoProps {
  /** The US address autocomplete (composed in app/ from the about-yourself feature). */
  renderAddress: (slot: AddressSlot) => ReactNode;
  renderPhone: (slot: PhoneSlot) => ReactNode;
  /** Where the housing sub-step lives (personal_info/rent). */
  rentPath: string;
}

function PersonalForm({ data, renderAddress, renderPhone, rentPath }: { data: PersonalData } & PersonalInfoProps) {
  const form = useStepForm();
  const states = useStates();
  const b = data.loan_borrower;
  const [defaultValues] = useState((): PersonalAnswers => ({
    first_name: b.first_name ?? '',
    middle_initial: b.middle_initial ?? '',
    last_name: b.last_name ?? '',
    phone: b.phone ?? '',
    date_of_birth: isoToUs(b.date_of_birth),
    driver_license_number: '',
    driver_license_state_id: b.driver_license_state_id ? String(b.driver_license_state_id) : '',
    address: b.address ?? '',
    unit_number: b.unit_number ?? '',
    city: b.city ?? '',
    state_id: b.state_id ? String(b.state_id) : '',
    zip_code: b.zip_code ?? '',
    phone_typed: Boolean(b.phone),
  }));
  const [touched, setTouched] = useState<Partial<Record<PersonalField, boolean>>>({});
  const blur = (field: PersonalField) => () => setTouched((current) => ({ ...current, [field]: true }));
  const stateOptions = (states.data ?? []).map((state) => ({ value: String(state.id), label: state.name }));

  return (
    <StepForm
      schema={personalSchema}
      defaultValues={defaultValues}
      onSubmit={(body) => form.send({ complete: true, body: () => body, stay: true, onMoved: () => navigate(rentPath) })}
      message={form.message}
      pending={form.pending}
    >
      {({ watch, setValue, formState: { isSubmitted } }) => {
        const values = watch();
        const errors = stepErrors(personalSchema, values);
        const shown = (field: PersonalField) => form.serverErrors[field] ?? (isSubmitted || touched[field] ? errors[field] : undefined);
        const set = (field: PersonalField, value: string) => {
          setValue(field, value);
          form.clearServerError(field);
        };
        return (
          <>
            <TextField
              label="First name"
              name="first_name"
              autoComplete="given-name"
              required
              maxLength={60}
              value={values.first_name}
              onChange={(event) => set('first_name', event.target.value)}
              onBlur={blur('first_name')}
              error={shown('first_name')}
            />
            <TextField
              label="Middle initial"
              name="middle_initial"
              optional
              autoComplete="additional-name"
              maxLength={LIMITS.middleInitial}
              value={values.middle_initial}
              onChange={(event) => set('middle_initial', event.target.value.toUpperCase())}
              error={shown('middle_initial')}
            />
            <TextField
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              required
              maxLength={60}
              value={values.last_name}
              onChange={(event) => set('last_name', event.target.value)}
              onBlur={blur('last_name')}
              error={shown('last_name')}
            />
            {renderPhone({
              initialNumber: b.phone ?? null,
              error: shown('phone'),
              onChange: (e164) => {
                setValue('phone_typed', true);
                set('phone', e164 ?? '');
              },
              onBlur: blur('phone'),
            })}
            <MaskedTextField
              label="Date of birth"
              name="date_of_birth"
              hint="MM/DD/YYYY"
              mask="##/##/####"
              autoComplete="bday"
              required
              value={values.date_of_birth}
              onValueChange={(value) => set('date_of_birth', value)}
              onBlur={blur('date_of_birth')}
              error={shown('date_of_birth')}
            />
            <div className={styles.row}>
              <TextField
                label="Driver licence number"
                name="driver_license_number"
                autoComplete="off"
                required
                maxLength={LIMITS.driverLicense}
                hint={b.driver_license_number_last4 ? `On file: ending ${b.driver_license_number_last4}. Type it again.` : undefined}
                value={values.driver_license_number}
                onChange={(event) => set('driver_license_number', event.target.value)}
                onBlur={blur('driver_license_number')}
                error={shown('driver_license_number')}
              />
              <Select
                label="Licence state"
                name="driver_license_state_id"
                placeholder="Choose a state"
                options={stateOptions}
                required
                value={values.driver_license_state_id}
                onChange={(event) => set('driver_license_state_id', event.target.value)}
                onBlur={blur('driver_license_state_id')}
                error={shown('driver_license_state_id')}
              />
            </div>
            {renderAddress({
              value: values.address,
              error: shown('address'),
              onChange: (text) => set('address', text),
              onPick: (suggestion) => {
                const state = states.data?.find((item) => item.abbreviation === suggestion.state);
                setValue('address', suggestion.address);
                if (suggestion.unit_number) setValue('unit_number', suggestion.unit_number);
                setValue('city', suggestion.city);
                setValue('zip_code', suggestion.zip_code);
                if (state) setValue('state_id', String(state.id));
              },
            })}
            <TextField
              label="Unit"
              name="unit_number"
              optional
              autoComplete="address-line2"
              maxLength={LIMITS.unitNumber}
              value={values.unit_number}
              onChange={(event) => set('unit_number', event.target.value)}
              error={shown('unit_number')}
            />
            <div className={styles.row}>
              <TextField
                label="City"
                name="city"
                autoComplete="address-level2"
                required
                maxLength={100}
                value={values.city}
                onChange={(event) => set('city', event.target.value)}
                onBlur={blur('city')}
                error={shown('city')}
              />
              <Select
                label="State"
                name="state_id"
                placeholder="Choose a state"
                options={stateOptions}
                required
                value={values.state_id}
                onChange={(event) => set('state_id', event.target.value)}
                onBlur={blur('state_id')}
                error={shown('state_id')}
              />
              <TextField
                label="Zip code"
                name="zip_code"
                inputMode="numeric"
                autoComplete="postal-code"
                required
                maxLength={LIMITS.zip}
                value={values.zip_code}
                onChange={(event) => set('zip_code', event.target.value.replace(/[^\d]/g, ''))}
                onBlur={blur('zip_code')}
                error={shown('zip_code')}
              />
            </div>
          </>
        );
      }}
    </StepForm>
  );
}

/** personal_info (newflow §2, §5): name, phone, birth date, licence, address (US autocomplete); success → the rent sub-step. */
export function PersonalInfo(props: PersonalInfoProps) {
  return (
    <StepScreen step="personal_info" schema={ZPersonalInfoData} title="Personal Info">
      {(data) => (
        <StepCard title="Personal Info" lead="Tell us about yourself. We use it to verify your identity.">
          <PersonalForm data={data} {...props} />
        </StepCard>
      )}
    </StepScreen>
  );
}

function HousingForm({ data }: { data: PersonalData }) {
  const form = useStepForm();
  const { serverErrors } = form;
  const b = data.loan_borrower;
  const [defaultValues] = useState((): HousingAnswers => ({
    housing_type: b.housing_type,
    housing_payment: centsToDollarsText(b.housing_payment),
    education_level: b.education_level,
  }));

  return (
    <StepForm
      schema={housingSchema}
      defaultValues={defaultValues}
      // The housing sub-step shows only the fields' own messages.
      onSubmit={(body) => form.send({ complete: true, body: () => body, messageOf: () => null })}
      pending={form.pending}
      submitDisabled="until-valid"
    >
      {({ watch, setValue, formState: { isSubmitted } }) => {
        const values = watch();
        const errors = stepErrors(housingSchema, values);
        const shown = (field: keyof HousingAnswers) => serverErrors[field] ?? (isSubmitted ? errors[field] : undefined);
        const needsPayment = values.housing_type !== null && values.housing_type !== OWN_NO_MORTGAGE;
        return (
          <>
            <RadioCards
              legend="Housing"
              name="housing_type"
              required
              options={data.housing_types}
              value={values.housing_type}
              onChange={(value) => setValue('housing_type', value)}
              error={shown('housing_type')}
            />
            {needsPayment ? (
              <TextField
                label="Monthly payment"
                name="housing_payment"
                hint="Your rent or mortgage each month, in dollars."
                inputMode="numeric"
                maxLength={MONEY_INPUT_MAX_DOLLAR_DIGITS}
                required
                value={values.housing_payment}
                onChange={(event) => setValue('housing_payment', event.target.value.replace(/[^\d]/g, ''))}
                error={shown('housing_payment')}
              />
            ) : null}
            <RadioCards
              legend="Education"
              name="education_level"
              required
              options={data.education_levels}
              value={values.education_level}
              onChange={(value) => setValue('education_level', value)}
              error={shown('education_level')}
            />
          </>
        );
      }}
    </StepForm>
  );
}

/** personal_info/rent (newflow §2): housing (monthly payment unless "Own - No Mortage"), then education. */
export function Housing() {
  return (
    <StepScreen step="personal_info" schema={ZPersonalInfoData} title="Personal Info">
      {(data) => (
        <StepCard title="Personal Info" lead="A little about your home and education.">
          <HousingForm data={data} />
        </StepCard>
      )}
    </StepScreen>
  );
}
