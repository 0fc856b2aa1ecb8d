import { useState } from 'react';
import type { Ref } from 'react';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { COUNTRY_NAMES, TEST_COUNTRIES, US_PHONE_MASK, formatAsYouType, splitPhone, toE164 } from '../lib/phone-number';
import type { PhoneMode, TestCountry } from '../lib/phone-number';
import styles from './phone.module.css';

export interface PhoneNumberInputsProps {
  mode: PhoneMode;
  label?: string;
  country: TestCountry;
  /** What is typed: the masked US number, or the national number formatted as typed. */
  number: string;
  onChange: (number: string, country: TestCountry) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * THE phone number input of the app (spec §5 "phone countries limited to US, BR, PT"; production: 10 US
 * digits with +1): the US (###)###-#### mask, or outside production the US / Brazil / Portugal picker
 * with the number formatted as typed. Controlled; verify_phone's entry form, the dashboard's edit dialog
 * and the new flow's personal info all draw it.
 */
export function PhoneNumberInputs({
  mode,
  label = 'Mobile phone number',
  country,
  number,
  onChange,
  onBlur,
  error,
  required,
  name,
  inputRef,
}: PhoneNumberInputsProps) {
  // The number input is the same in both modes but for the mask (US) or the country's as-you-type format.
  const input = { label, type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', required, name, ref: inputRef, value: number, onBlur, error } as const;
  if (mode === 'us') {
    return (
      <MaskedTextField
        {...input}
        hint="A US mobile number; we add +1."
        mask={US_PHONE_MASK}
        placeholder="(555)555-5555"
        onValueChange={(masked) => onChange(masked, 'US')}
      />
    );
  }
  return (
    <div className={styles.numberRow}>
      <Select
        label="Country"
        options={TEST_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }))}
        autoComplete="tel-country-code"
        value={country}
        onChange={(event) => onChange(number, event.target.value as TestCountry)}
      />
      <TextField {...input} onChange={(event) => onChange(formatAsYouType(event.target.value, country), country)} />
    </div>
  );
}

export interface PhoneNumberFieldProps {
  mode: PhoneMode;
  label?: string;
  /** The number on file (E.164), to pre-fill the country and the number. */
  initialNumber: string | null;
  /** Every change: the E.164 number, or null while what is typed is not a valid mobile number (spec §5). */
  onChange: (e164: string | null) => void;
  onBlur?: () => void;
  error?: string;
}

/** The phone number outside a form of its own (the new flow's personal info): {@link PhoneNumberInputs} keeping its own state, reporting E.164 (`toE164`). */
export function PhoneNumberField({ mode, label, initialNumber, onChange, onBlur, error }: PhoneNumberFieldProps) {
  const initial = splitPhone(initialNumber);
  const [country, setCountry] = useState<TestCountry>(initial.country);
  const [number, setNumber] = useState(mode === 'us' ? initial.usDigits : initial.national);
  return (
    <PhoneNumberInputs
      mode={mode}
      label={label}
      required
      country={country}
      number={number}
      onChange={(nextNumber, nextCountry) => {
        setNumber(nextNumber);
        setCountry(nextCountry);
        onChange(toE164(mode, nextNumber, nextCountry));
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}
