import { useState } from 'react';
import type { ReactNode } from 'react';
import { MSG } from '@payrail/contract/messages';
import { ZPersonalInfoData } from '@payrail/contract/newflow';
import type { TAddressSuggestion } from '@payrail/contract/address';
import type { z } from 'zod';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { navigate } from '@payrail/client/navigation';
import { useStates } from '../../../api/get-states';
import { useStepData } from '../api/steps';
import { LIMITS, dobError, isoToUs, usToIso, zipValid } from '../lib/rules';
import { StepCard } from './step-card';
import { StepForm, useStepForm } from './step-form';
import { StepGate, centsToDollarsText, dollarsToCents } from './step-states';
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

const TEXT_FIELDS = [
  'first_name',
  'middle_initial',
  'last_name',
  'phone',
  'date_of_birth',
  'driver_license_number',
  'driver_license_state_id',
  'address',
  'unit_number',
  'city',
  'state_id',
  'zip_code',
] as const;
type Field = (typeof TEXT_FIELDS)[number];
const OPTIONAL: ReadonlySet<Field> = new Set(['middle_initial', 'unit_number']);

function PersonalForm({ data, renderAddress, renderPhone, rentPath }: { data: PersonalData } & PersonalInfoProps) {
  const form = useStepForm();
  const states = useStates();
  const b = data.loan_borrower;
  const [values, setValues] = useState<Record<Field, string>>({
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
  });
  const [phoneTyped, setPhoneTyped] = useState(Boolean(b.phone));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});

  const clientError = (field: Field): string | undefined => {
    const value = values[field].trim();
    if (!value) return OPTIONAL.has(field) ? undefined : field === 'phone' && phoneTyped ? MSG.invalidPhone : MSG.required;
    if (field === 'date_of_birth') return dobError(value) ?? undefined;
    if (field === 'zip_code' && !zipValid(value)) return 'Enter the 5-digit zip code.';
    // The phone slot stores the E.164 number, or '' while what is typed is not a valid mobile number.
    if (field === 'phone' && !/^\+\d{8,15}$/.test(value)) return MSG.invalidPhone;
    return undefined;
  };
  const errors = Object.fromEntries(TEXT_FIELDS.map((field) => [field, clientError(field)])) as Record<Field, string | undefined>;
  const complete = TEXT_FIELDS.every((field) => !errors[field]);
  const shown = (field: Field) => form.serverErrors[field] ?? (form.submitted || touched[field] ? errors[field] : undefined);
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearServerError(field);
  };
  const blur = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));
  const stateOptions = (states.data ?? []).map((state) => ({ value: String(state.id), label: state.name }));

  const onSubmit = () =>
    form.send({
      complete,
      body: () => ({
        workflow_status_key: 'personal_info',
        sub_step: 'personal',
        loan_borrower: {
          first_name: values.first_name.trim(),
          middle_initial: values.middle_initial.trim(),
          last_name: values.last_name.trim(),
          phone: values.phone.trim(),
          date_of_birth: usToIso(values.date_of_birth),
          driver_license_number: values.driver_license_number.trim(),
          driver_license_state_id: Number(values.driver_license_state_id),
          address: values.address.trim(),
          unit_number: values.unit_number.trim(),
          city: values.city.trim(),
          state_id: Number(values.state_id),
          zip_code: values.zip_code.trim(),
        },
      }),
      stay: true,
      onMoved: () => navigate(rentPath),
    });

  return (
    <StepForm onSubmit={onSubmit} message={form.message} pending={form.pending}>
      <TextField
        label="First name"
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
        optional
        autoComplete="additional-name"
        maxLength={LIMITS.middleInitial}
        value={values.middle_initial}
        onChange={(event) => set('middle_initial', event.target.value.toUpperCase())}
        error={shown('middle_initial')}
      />
      <TextField
        label="Last name"
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
          setPhoneTyped(true);
          set('phone', e164 ?? '');
        },
        onBlur: blur('phone'),
      })}
      <MaskedTextField
        label="Date of birth"
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
          setValues((current) => ({
            ...current,
            address: suggestion.address,
            unit_number: suggestion.unit_number || current.unit_number,
            city: suggestion.city,
            zip_code: suggestion.zip_code,
            state_id: state ? String(state.id) : current.state_id,
          }));
        },
      })}
      <TextField
        label="Unit"
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
    </StepForm>
  );
}

/** personal_info (newflow §2, §5): name, phone, birth date, licence, address (US autocomplete); success → the rent sub-step. */
export function PersonalInfo(props: PersonalInfoProps) {
  const query = useStepData('personal_info', ZPersonalInfoData);
  return (
    <StepGate query={query} title="Personal Info">
      {(data) => (
        <StepCard title="Personal Info" lead="Tell us about yourself. We use it to verify your identity.">
          <PersonalForm data={data} {...props} />
        </StepCard>
      )}
    </StepGate>
  );
}

function HousingForm({ data }: { data: PersonalData }) {
  const form = useStepForm();
  const { serverErrors, submitted } = form;
  const b = data.loan_borrower;
  const [housing, setHousing] = useState<string | null>(b.housing_type);
  const [payment, setPayment] = useState(centsToDollarsText(b.housing_payment));
  const [education, setEducation] = useState<string | null>(b.education_level);
  const needsPayment = housing !== null && housing !== 'own_no_mortgage';
  const paymentCents = dollarsToCents(payment);
  const complete = housing !== null && education !== null && (!needsPayment || paymentCents !== null);

  const onSubmit = () =>
    form.send({
      complete,
      body: () => ({
        workflow_status_key: 'personal_info',
        sub_step: 'rent',
        loan_borrower: { housing_type: housing, housing_payment: needsPayment ? paymentCents : null, education_level: education },
      }),
      // The housing sub-step shows only the fields' own messages.
      messageOf: () => null,
    });

  return (
    <StepForm onSubmit={onSubmit} pending={form.pending} submitDisabled={!complete}>
      <RadioCards
        legend="Housing"
        name="housing_type"
        required
        options={data.housing_types}
        value={housing}
        onChange={setHousing}
        error={serverErrors.housing_type ?? (submitted && !housing ? MSG.required : undefined)}
      />
      {needsPayment ? (
        <TextField
          label="Monthly payment"
          hint="Your rent or mortgage each month, in dollars."
          inputMode="numeric"
          maxLength={10}
          required
          value={payment}
          onChange={(event) => setPayment(event.target.value.replace(/[^\d]/g, ''))}
          error={serverErrors.housing_payment ?? (submitted && paymentCents === null ? MSG.required : undefined)}
        />
      ) : null}
      <RadioCards
        legend="Education"
        name="education_level"
        required
        options={data.education_levels}
        value={education}
        onChange={setEducation}
        error={serverErrors.education_level ?? (submitted && !education ? MSG.required : undefined)}
      />
    </StepForm>
  );
}

/** personal_info/rent (newflow §2): housing (monthly payment unless "Own - No Mortage"), then education. */
export function Housing() {
  const query = useStepData('personal_info', ZPersonalInfoData);
  return (
    <StepGate query={query} title="Personal Info">
      {(data) => (
        <StepCard title="Personal Info" lead="A little about your home and education.">
          <HousingForm data={data} />
        </StepCard>
      )}
    </StepGate>
  );
}
