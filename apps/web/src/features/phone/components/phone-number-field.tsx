import { useState } from 'react';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { COUNTRY_NAMES, TEST_COUNTRIES, US_PHONE_MASK, formatAsYouType, splitPhone, toE164 } from '../lib/phone-number';
import type { PhoneMode, TestCountry } from '../lib/phone-number';
import styles from './phone.module.css';

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

/**
 * The phone entry's number input outside a form of its own (the new flow's personal info): in production
 * the US (###)###-#### mask sent with +1, elsewhere the US / Brazil / Portugal country picker with the
 * number formatted as typed. The same rules as verify_phone's entry (`toE164`).
 */
export function PhoneNumberField({ mode, label = 'Mobile phone number', initialNumber, onChange, onBlur, error }: PhoneNumberFieldProps) {
  const initial = splitPhone(initialNumber);
  const [country, setCountry] = useState<TestCountry>(initial.country);
  const [number, setNumber] = useState(mode === 'us' ? initial.usDigits : initial.national);
  const change = (nextNumber: string, nextCountry: TestCountry) => {
    setNumber(nextNumber);
    setCountry(nextCountry);
    onChange(toE164(mode, nextNumber, nextCountry));
  };
  if (mode === 'us') {
    return (
      <TextField
        label={label}
        hint="A US mobile number; we add +1."
        mask={US_PHONE_MASK}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(555)555-5555"
        required
        value={number}
        onValueChange={(masked) => change(masked, 'US')}
        onBlur={onBlur}
        error={error}
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
        onChange={(event) => change(number, event.target.value as TestCountry)}
      />
      <TextField
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        value={number}
        onChange={(event) => change(formatAsYouType(event.target.value, country), country)}
        onBlur={onBlur}
        error={error}
      />
    </div>
  );
}
