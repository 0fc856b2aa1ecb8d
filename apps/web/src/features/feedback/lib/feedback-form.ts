import { ADDRESS_FIELDS, APPLICATION_MSG, SSN_CONFIRMATION_FIELD, WORKING_TIME_RANGE_LABELS, fieldMessage, isUsPhone } from '@payrail/contract/application';
import type { TFeedbackResponse } from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import type { IsoDate } from '@payrail/domain/dates';
import { validateDateOfBirth } from '@payrail/domain/validation/date-of-birth';
import { validateEmployeeId } from '@payrail/domain/validation/employee-id';
import { DOLLAR_FIELD_MAX_DIGITS } from '@payrail/domain/validation/money-input';
import { validateDriverLicenseNumber, validatePersonName, validateUnitNumber } from '@payrail/domain/validation/names';
import { validateRoutingNumber } from '@payrail/domain/validation/routing-number';
import { validateSsn, validateSsnConfirmation } from '@payrail/domain/validation/ssn';
import { checkText } from '@payrail/domain/validation/text';
import { validateZip } from '@payrail/domain/validation/zip';
import { moneyDefault, moneyInput } from '@payrail/ui/money-field';

/**
 * The reviewer-feedback form as plain data: which groups of fields the reviewer flagged, their values
 * as the inputs hold them (flat keys), the rules of spec §5 and the PUT /feedback body.
 */

export type Values = Record<string, string>;
export type Errors = Record<string, string | undefined>;

/** One editable group on the page, in the order shown. */
export type Group =
  | { kind: 'text'; field: string }
  | { kind: 'ssn' }
  | { kind: 'date_of_birth' }
  | { kind: 'state'; field: 'state_id' | 'driver_license_state_id' }
  | { kind: 'military_active' }
  | { kind: 'working_time_range' }
  | { kind: 'housing_type' }
  | { kind: 'loan_purpose_id' }
  | { kind: 'employer' }
  | { kind: 'address' }
  | { kind: 'references' };

/** Labels of the plain fields (spec §3 application fields). */
export const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  address: 'Address',
  unit_number: 'Unit number',
  zip_code: 'Zip code',
  city: 'City',
  state_id: 'State',
  driver_license_number: 'Driver license number',
  driver_license_state_id: 'Driver license state',
  social_security_number: 'Social security number',
  [SSN_CONFIRMATION_FIELD]: 'Confirm social security number',
  annual_income: 'Annual income',
  annual_household_income: 'Annual household income',
  housing_type: 'Housing',
  housing_payment: 'Housing payment',
  loan_purpose_id: 'Loan purpose',
  working_time_range: 'Time at current job',
  military_active: 'Are you an active member of the military?',
  employee_id: 'Employee ID',
  employer_id: 'Employer',
};

export const MONEY_FIELDS = new Set(['annual_income', 'annual_household_income', 'housing_payment']);

/**
 * A money field's rule: the kit's dollar reader (text in, integer cents out), capped at the spec's five
 * dollar digits ($99,999.99, classic §5), with the messages update_field answers.
 */
const moneyRule = moneyInput({
  messages: {
    required: fieldMessage('required'),
    invalid: fieldMessage('amount_invalid'),
    too_many_decimals: fieldMessage('amount_invalid'),
    too_large: fieldMessage('amount_too_long'),
  },
  max: 10 ** DOLLAR_FIELD_MAX_DIGITS * 100 - 1,
  maxMessage: fieldMessage('amount_too_long'),
});

/** A money field's text in the one form the field shows and PUT /feedback sends ("$62,500.5" → "62,500.50"), or the text as typed when it is no amount. */
export function moneyText(text: string): string {
  const read = moneyRule.safeParse(text);
  return read.success ? moneyDefault(read.data) : text.trim();
}

/** A confirmation with fewer than nine digits: not checked against the SSN yet (spec §5). */
export const SSN_CONFIRMATION_INCOMPLETE = 'Type all nine digits.';
export const REFERENCE_KEYS = ['firstName', 'lastName', 'relationship', 'phone'] as const;
export const REFERENCE_LABELS: Record<(typeof REFERENCE_KEYS)[number], string> = {
  firstName: 'First name',
  lastName: 'Last name',
  relationship: 'Relationship',
  phone: 'Phone',
};
export const BANK_KEYS = ['account_type', 'routing_transfer_number', 'bank_account_number'] as const;

const BANK_LABELS: Record<string, string> = {
  'bank.account_type': 'Account type',
  'bank.routing_transfer_number': 'Routing number',
  'bank.bank_account_number': 'Account number',
};

/** The label a person reads for an input key (used in the list of what blocks Save). */
export function labelOf(key: string): string {
  const ref = /^ref\.(\d)\.(\w+)$/.exec(key);
  if (ref) return `Reference ${Number(ref[1]) + 1} ${(REFERENCE_LABELS[ref[2] as (typeof REFERENCE_KEYS)[number]] ?? ref[2] ?? '').toLowerCase()}`;
  return BANK_LABELS[key] ?? FIELD_LABELS[key] ?? key;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The flagged groups, from the keys of `fields.loan_borrower`. */
export function groupsOf(loanBorrower: Record<string, unknown>): Group[] {
  const groups: Group[] = [];
  const keys = Object.keys(loanBorrower);
  const hasAddressGroup = typeof loanBorrower.address === 'object' && loanBorrower.address !== null;
  for (const key of keys) {
    if (key === 'address' && hasAddressGroup) groups.push({ kind: 'address' });
    else if (key === 'social_security_number') groups.push({ kind: 'ssn' });
    else if (key === 'date_of_birth') groups.push({ kind: 'date_of_birth' });
    else if (key === 'state_id' || key === 'driver_license_state_id') groups.push({ kind: 'state', field: key });
    else if (key === 'military_active') groups.push({ kind: 'military_active' });
    else if (key === 'working_time_range') groups.push({ kind: 'working_time_range' });
    else if (key === 'housing_type') groups.push({ kind: 'housing_type' });
    else if (key === 'loan_purpose_id') groups.push({ kind: 'loan_purpose_id' });
    else if (key === 'employer_id') groups.push({ kind: 'employer' });
    else if (key === 'employee_id' && 'employer_id' in loanBorrower) continue;
    else if (key === 'user_references') groups.push({ kind: 'references' });
    else groups.push({ kind: 'text', field: key });
  }
  // The driver license number and its state read as one question.
  const order = (g: Group) =>
    g.kind === 'text' && g.field === 'driver_license_number' ? 0 : g.kind === 'state' && g.field === 'driver_license_state_id' ? 1 : 0;
  return groups.sort((a, b) => order(a) - order(b));
}

/** The bank account part of the request: asked for, and whether the reviewer wants a new bank link. */
export function bankRequest(feedback: TFeedbackResponse): { asked: boolean; link: boolean } {
  const bank = feedback.fields.bank_information;
  if (!bank) return { asked: false, link: false };
  return { asked: true, link: bank.bank_link === true };
}

/** The inputs' starting values: the current answers (the SSN is asked again, it comes masked). */
export function initialValues(
  feedback: TFeedbackResponse,
  bank?: { account_type: string | null; routing_transfer_number: string | null; bank_account_number: string | null } | null,
): Values {
  const lb = feedback.fields.loan_borrower;
  const values: Values = {};
  for (const [key, value] of Object.entries(lb)) {
    if (key === 'address' && typeof value === 'object' && value !== null) {
      for (const f of ADDRESS_FIELDS) values[f] = text((value as Record<string, unknown>)[f]);
    } else if (key === 'social_security_number') {
      values.social_security_number = '';
      values[SSN_CONFIRMATION_FIELD] = '';
    } else if (key === 'military_active') values.military_active = value === true ? 'yes' : value === false ? 'no' : '';
    else if (MONEY_FIELDS.has(key)) values[key] = value === null || value === undefined ? '' : moneyText(text(value));
    else if (key === 'user_references') {
      const refs = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      for (const i of [0, 1]) for (const k of REFERENCE_KEYS) values[`ref.${i}.${k}`] = text(refs[i]?.[k]);
    } else values[key] = text(value);
  }
  if ('employer_id' in lb && !('employee_id' in values)) values.employee_id = '';
  if (bankRequest(feedback).asked && !bankRequest(feedback).link) {
    values['bank.account_type'] = text(bank?.account_type);
    values['bank.routing_transfer_number'] = text(bank?.routing_transfer_number);
    values['bank.bank_account_number'] = text(bank?.bank_account_number);
  }
  return values;
}

export interface RuleContext {
  today: IsoDate;
  /** Ids of the states we lend in. */
  availableStateIds: ReadonlySet<string>;
  /** The chosen employer is a partner (employee id required). */
  partnerEmployer: boolean;
  /** The masked account number the server answered (kept when sent back unchanged). */
  maskedAccountNumber?: string;
}

const textCode = (v: { ok: boolean; code?: string }, max?: number) => (v.ok ? undefined : fieldMessage(v.code as 'required' | 'too_long', max));
const required = (value: string) => (value.trim() === '' ? FIELD_MSG.blank : undefined);

/** One field's error under the rules of spec §5, or undefined. */
export function ruleFor(key: string, values: Values, ctx: RuleContext): string | undefined {
  const value = values[key] ?? '';
  if (key.startsWith('ref.')) {
    if (value.trim() === '') return FIELD_MSG.blank;
    if (key.endsWith('.phone') && !isUsPhone(value)) return FIELD_MSG.invalid;
    return value.trim().length > 60 ? FIELD_MSG.tooLong(60) : undefined;
  }
  switch (key) {
    case 'first_name':
    case 'last_name':
      return textCode(validatePersonName(value), 60);
    case 'unit_number':
      return textCode(validateUnitNumber(value), 10);
    case 'driver_license_number':
      return textCode(validateDriverLicenseNumber(value), 30);
    case 'zip_code': {
      if (value.trim() === '') return FIELD_MSG.blank;
      return validateZip(value).ok ? undefined : FIELD_MSG.invalid;
    }
    case 'date_of_birth': {
      if (value.trim() === '') return FIELD_MSG.blank;
      const dob = validateDateOfBirth(value, ctx.today);
      return dob.ok ? undefined : fieldMessage(dob.code);
    }
    case 'social_security_number': {
      if (value.trim() === '') return FIELD_MSG.blank;
      return validateSsn(value).ok ? undefined : MSG.ssnInvalid;
    }
    case SSN_CONFIRMATION_FIELD: {
      // Spec §5: the match is checked once nine digits are typed; until then it is only incomplete.
      const digits = value.replace(/\D/g, '').length;
      if (digits === 0) return FIELD_MSG.blank;
      if (digits < 9) return SSN_CONFIRMATION_INCOMPLETE;
      return validateSsnConfirmation(values.social_security_number ?? '', value).ok ? undefined : MSG.ssnConfirmationMismatch;
    }
    case 'state_id':
      if (value === '') return FIELD_MSG.blank;
      return ctx.availableStateIds.size === 0 || ctx.availableStateIds.has(value) ? undefined : MSG.stateUnavailable;
    case 'driver_license_state_id':
    case 'housing_type':
    case 'loan_purpose_id':
    case 'employer_id':
    case 'bank.account_type':
      return required(value);
    case 'military_active':
      if (value === '') return FIELD_MSG.blank;
      return value === 'yes' ? APPLICATION_MSG.militaryIneligible : undefined;
    case 'working_time_range':
      if (value === '') return FIELD_MSG.blank;
      if (!(WORKING_TIME_RANGE_LABELS as readonly string[]).includes(value)) return FIELD_MSG.notIncluded;
      return value === WORKING_TIME_RANGE_LABELS[0] ? MSG.tenureTooShort : undefined;
    case 'employee_id':
      return textCode(validateEmployeeId(value, ctx.partnerEmployer || !('employer_id' in values)), 30);
    case 'bank.routing_transfer_number':
      if (value.trim() === '') return FIELD_MSG.blank;
      return validateRoutingNumber(value.trim()).ok ? undefined : FIELD_MSG.invalid;
    case 'bank.bank_account_number':
      if (value.trim() === '') return FIELD_MSG.blank;
      if (ctx.maskedAccountNumber && value === ctx.maskedAccountNumber) return undefined;
      return /^\d{1,20}$/.test(value.trim()) ? undefined : FIELD_MSG.invalid;
    default:
      if (MONEY_FIELDS.has(key)) {
        const read = moneyRule.safeParse(value);
        return read.success ? undefined : read.error.issues[0]?.message;
      }
      return textCode(checkText(value, { required: true, max: 255 }), 255);
  }
}

/** Every field's error. */
export function validate(values: Values, ctx: RuleContext): Errors {
  const errors: Errors = {};
  for (const key of Object.keys(values)) {
    const error = ruleFor(key, values, ctx);
    if (error) errors[key] = error;
  }
  return errors;
}

const trimmed = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');
const idOrNull = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** PUT /feedback's `loan_borrower`: exactly the flagged keys, in their wire form. */
export function feedbackBody(feedback: TFeedbackResponse, values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, current] of Object.entries(feedback.fields.loan_borrower)) {
    if (key === 'address' && typeof current === 'object' && current !== null) {
      body.address = {
        address: trimmed(values.address),
        unit_number: trimmed(values.unit_number),
        zip_code: trimmed(values.zip_code),
        city: trimmed(values.city),
        state_id: idOrNull(values.state_id),
      };
    } else if (key === 'social_security_number') {
      body.social_security_number = values.social_security_number ?? '';
      body[SSN_CONFIRMATION_FIELD] = values[SSN_CONFIRMATION_FIELD] ?? '';
    } else if (key === 'military_active') body.military_active = values.military_active === 'yes';
    else if (key === 'state_id' || key === 'driver_license_state_id' || key === 'loan_purpose_id' || key === 'employer_id') body[key] = idOrNull(values[key]);
    else if (key === 'user_references') {
      body.user_references = [0, 1].map((i) => Object.fromEntries(REFERENCE_KEYS.map((k) => [k, trimmed(values[`ref.${i}.${k}`])])));
    } else if (MONEY_FIELDS.has(key)) body[key] = moneyText(values[key] ?? '');
    else body[key] = trimmed(values[key]);
  }
  if ('employer_id' in feedback.fields.loan_borrower) body.employee_id = trimmed(values.employee_id);
  return body;
}

/** The bank call's body: the masked account number sent back unchanged is left out. */
export function bankBody(values: Values, maskedAccountNumber?: string): Record<string, string> {
  const body: Record<string, string> = {
    account_type: values['bank.account_type'] ?? '',
    routing_transfer_number: trimmed(values['bank.routing_transfer_number']),
  };
  const account = trimmed(values['bank.bank_account_number']);
  if (!(maskedAccountNumber && account === maskedAccountNumber)) body.bank_account_number = account;
  return body;
}

/** The input key a server error belongs to (`user_references.0.phone` → `ref.0.phone`, `documents.pay_stub` stays). */
export function inputKeyOf(serverKey: string): string {
  const ref = /^user_references\.(\d)\.(\w+)$/.exec(serverKey);
  if (ref) return `ref.${ref[1]}.${ref[2]}`;
  return serverKey;
}
