import { PERSONAL_FIELDS } from '@payrail/contract/application';

/** The About-yourself fields this form shows, in order (classic-application-flow.md §2, §3). */
export const FORM_FIELDS = [...PERSONAL_FIELDS, 'annual_income', 'annual_household_income', 'housing_type', 'housing_payment', 'loan_purpose_id'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** Fields that may stay empty. */
export const OPTIONAL_FIELDS: ReadonlySet<FormField> = new Set(['unit_number']);

/** Money fields: typed as dollars, up to five integer digits (§5). */
export const MONEY_FIELDS: ReadonlySet<FormField> = new Set(['annual_income', 'annual_household_income', 'housing_payment']);

export type FormValues = Record<FormField, string>;

export const emptyValues = (): FormValues => Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as FormValues;

/** show_field's answer as the text the form holds: ids as text, money "60000.00" as "60000", nothing as ''. */
export function toFormValue(field: FormField, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === false) return '';
  const text = String(value);
  if (MONEY_FIELDS.has(field)) return text.replace(/\.00$/, '');
  return text;
}

/** A masked SSN as show_field answers it (xxx-xx-1234): on file, never sent back. */
export const isMaskedSsn = (value: string): boolean => /^x{3}-x{2}-\d{4}$/i.test(value);

/** The label of each field as the form shows it (the Continue hint names what is missing). */
export const FIELD_LABELS: Readonly<Record<FormField, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  address: 'Address',
  unit_number: 'Unit number',
  city: 'City',
  state_id: 'State',
  zip_code: 'ZIP code',
  driver_license_number: 'Driver license number',
  driver_license_state_id: 'Driver license state',
  social_security_number: 'Social security number',
  annual_income: 'Annual income',
  annual_household_income: 'Annual household income',
  housing_type: 'Rent or own',
  housing_payment: 'Monthly housing payment',
  loan_purpose_id: 'Loan purpose',
};

/** A complete MM/DD/YYYY date (the date of birth is sent only then). */
export const isCompleteDate = (text: string): boolean => /^\d{2}\/\d{2}\/\d{4}$/.test(text);

/** A reference phone with its ten digits typed. */
export const isCompletePhone = (text: string): boolean => text.replace(/\D/g, '').length === 10;
