import {
  ABOUT_YOURSELF_FIELDS,
  type AboutYourselfField,
  type FieldCode,
  HOUSING_TYPES,
  SSN_CONFIRMATION_FIELD,
  type TFieldValue,
  fieldMessage,
} from '@payrail/contract/application';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatCents, type Cents } from '@payrail/domain/money';
import { formatUsDate, validateDateOfBirth } from '@payrail/domain/validation/date-of-birth';
import { validateEmployeeId } from '@payrail/domain/validation/employee-id';
import { parseDollarField } from '@payrail/domain/validation/money-input';
import {
  DRIVER_LICENSE_NUMBER_MAX,
  UNIT_NUMBER_MAX,
  validateDriverLicenseNumber,
  validatePersonName,
  validateUnitNumber,
} from '@payrail/domain/validation/names';
import { maskSsn, validateSsn, validateSsnConfirmation } from '@payrail/domain/validation/ssn';
import { checkText } from '@payrail/domain/validation/text';
import { validateWorkingTimeRange, workingTimeLabel } from '@payrail/domain/validation/working-time';
import { validateZip } from '@payrail/domain/validation/zip';
import type { FieldErrors } from '../../errors';
import type { CryptoBox } from '../../lib/crypto-box';
import type { BorrowerRow } from '../identity/repository';
import type { BorrowerPatch, ProfilePatch, ProfileRow } from './repository';

/** What the rules need to look up; the use case wires it to repositories, the clock and the key. */
export type FieldDeps = {
  today: IsoDate;
  box: CryptoBox;
  /** `null` when no such state; else whether the program lends there. */
  stateAvailable: (id: number) => Promise<boolean | null>;
  loanPurposeExists: (id: number) => Promise<boolean>;
  /** Whether another account holds this SSN: its index under every key of the ring, current first (a key rotation). */
  ssnTaken: (indexes: readonly string[]) => Promise<boolean>;
  /** The borrower's employer is a partner (b2b_partner): the employee id is required. */
  employerIsPartner: () => Promise<boolean>;
};

export type FieldPatch = { profile?: ProfilePatch; borrower?: BorrowerPatch };
type Failure = { code: FieldCode; max?: number };
type Outcome = FieldPatch | Failure;
type Rule = (raw: unknown, deps: FieldDeps, all: Readonly<Record<string, unknown>>) => Promise<Outcome> | Outcome;

const isFailure = (o: Outcome): o is Failure => 'code' in o;
const fail = (code: FieldCode, max?: number): Failure => (max === undefined ? { code } : { code, max });

/** Sealed columns are bound to their place: a value copied to another column does not open. */
export const SSN_AAD = 'borrower_profiles.ssn';
export const DRIVER_LICENSE_AAD = 'borrower_profiles.driver_license_number';

/** The text of a raw JSON value: strings as they are, numbers printed, nothing for null; `null` for anything else. */
function asText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (raw === null || raw === undefined) return '';
  return null;
}

function asId(raw: unknown): number | null | 'blank' {
  const text = asText(raw);
  if (text === null) return null;
  if (text.trim() === '') return 'blank';
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function asBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 'yes' || raw === 1 || raw === '1') return true;
  if (raw === 'false' || raw === 'no' || raw === 0 || raw === '0') return false;
  return null;
}

const text =
  (max: number, required: boolean, save: (v: string) => FieldPatch): Rule =>
  (raw) => {
    const t = asText(raw);
    if (t === null) return fail('invalid');
    const r = checkText(t, { required, max });
    return r.ok ? save(r.value) : fail(r.code, max);
  };

const money =
  (save: (cents: Cents) => FieldPatch): Rule =>
  (raw) => {
    const t = asText(raw);
    if (t === null) return fail('amount_invalid');
    const r = parseDollarField(t);
    return r.ok ? save(r.value) : fail(r.code === 'required' ? 'required' : r.code);
  };

const NAME_MAX = 60;

/** One rule per About-yourself field (spec §5): trims, validates, normalises and says where the value goes. */
const RULES: Record<AboutYourselfField, Rule> = {
  first_name: (raw) => {
    const t = asText(raw);
    if (t === null) return fail('invalid');
    const r = validatePersonName(t);
    if (!r.ok) return fail(r.code);
    return r.value.length > NAME_MAX ? fail('too_long', NAME_MAX) : { borrower: { firstName: r.value } };
  },
  last_name: (raw) => {
    const t = asText(raw);
    if (t === null) return fail('invalid');
    const r = validatePersonName(t);
    if (!r.ok) return fail(r.code);
    return r.value.length > NAME_MAX ? fail('too_long', NAME_MAX) : { borrower: { lastName: r.value } };
  },
  date_of_birth: (raw, deps) => {
    const t = asText(raw);
    if (t === null) return fail('dob_invalid');
    if (t.trim() === '') return fail('required');
    const r = validateDateOfBirth(t, deps.today);
    return r.ok ? { profile: { dateOfBirth: r.value } } : fail(r.code);
  },
  address: text(120, true, (v) => ({ profile: { address: v } })),
  unit_number: (raw) => {
    const t = asText(raw);
    if (t === null) return fail('invalid');
    const r = validateUnitNumber(t);
    return r.ok ? { profile: { unitNumber: r.value === '' ? null : r.value } } : fail(r.code, UNIT_NUMBER_MAX);
  },
  zip_code: (raw) => {
    const t = asText(raw);
    if (t === null) return fail('zip_invalid');
    if (t.trim() === '') return fail('required');
    const r = validateZip(t);
    return r.ok ? { profile: { zipCode: r.value } } : fail(r.code);
  },
  city: text(60, true, (v) => ({ profile: { city: v } })),
  state_id: async (raw, deps) => {
    const id = asId(raw);
    if (id === 'blank') return fail('required');
    if (id === null) return fail('not_included');
    const available = await deps.stateAvailable(id);
    if (available === null) return fail('not_included');
    return available ? { borrower: { stateId: id } } : fail('state_unavailable');
  },
  driver_license_number: (raw, deps) => {
    const t = asText(raw);
    if (t === null) return fail('invalid');
    const r = validateDriverLicenseNumber(t);
    return r.ok ? { profile: { driverLicenseNumberSealed: deps.box.seal(r.value, DRIVER_LICENSE_AAD) } } : fail(r.code, DRIVER_LICENSE_NUMBER_MAX);
  },
  // Any real state: the licence may come from a state where we do not lend (no lead dialog, spec §5).
  driver_license_state_id: async (raw, deps) => {
    const id = asId(raw);
    if (id === 'blank') return fail('required');
    if (id === null || (await deps.stateAvailable(id)) === null) return fail('not_included');
    return { profile: { driverLicenseStateId: id } };
  },
  social_security_number: async (raw, deps, all) => {
    const t = asText(raw);
    if (t === null) return fail('ssn_invalid');
    if (t.trim() === '') return fail('required');
    const r = validateSsn(t);
    if (!r.ok) return fail('ssn_invalid');
    const confirmation = all[SSN_CONFIRMATION_FIELD];
    if (confirmation !== undefined && !validateSsnConfirmation(r.value, asText(confirmation) ?? '').ok) return fail('ssn_confirmation_mismatch');
    if (await deps.ssnTaken(deps.box.hmacIndexes(r.value))) return fail('ssn_taken');
    return { profile: { ssnSealed: deps.box.seal(r.value, SSN_AAD), ssnIndex: deps.box.hmacIndex(r.value) } };
  },
  annual_income: money((c) => ({ profile: { annualIncomeCents: c } })),
  annual_household_income: money((c) => ({ profile: { annualHouseholdIncomeCents: c } })),
  housing_type: (raw) => {
    const t = asText(raw)?.trim().toLowerCase() ?? null;
    if (t === '') return fail('required');
    const type = HOUSING_TYPES.find((h) => h === t);
    return type ? { profile: { housingType: type } } : fail('not_included');
  },
  housing_payment: money((c) => ({ profile: { housingPaymentCents: c } })),
  loan_purpose_id: async (raw, deps) => {
    const id = asId(raw);
    if (id === 'blank') return fail('required');
    if (id === null || !(await deps.loanPurposeExists(id))) return fail('not_included');
    return { profile: { loanPurposeId: id } };
  },
  // Less than a year at the job is ineligible: the spec shows the server's text on the field (§5).
  working_time_range: (raw) => {
    const t = asText(raw);
    if (t === null) return fail('not_included');
    if (t.trim() === '') return fail('required');
    const r = validateWorkingTimeRange(t);
    if (!r.ok) return fail(r.code);
    return r.value === 'lt_1' ? fail('tenure_too_short') : { profile: { workingTimeRange: r.value } };
  },
  // Active duty is ineligible (Military Lending Act); the spec shows a warning with the server's text.
  military_active: (raw) => {
    const b = asBoolean(raw);
    if (b === null) return fail(raw === null || raw === '' || raw === undefined ? 'required' : 'not_included');
    return b ? fail('military_active') : { profile: { militaryActive: false } };
  },
  employee_id: async (raw, deps) => {
    const t = asText(raw);
    if (t === null) return fail('invalid');
    const r = validateEmployeeId(t, await deps.employerIsPartner());
    return r.ok ? { profile: { employeeId: r.value === '' ? null : r.value } } : fail(r.code, 30);
  },
};

export const isAboutYourselfField = (name: string): name is AboutYourselfField => (ABOUT_YOURSELF_FIELDS as readonly string[]).includes(name);

/**
 * Validates the named fields of one call (extra keys that are no field answer MSG.fieldRuleNotFound).
 * Answers the merged patch, or the field errors when any field fails (then nothing is saved).
 */
export async function validateFields(
  values: Readonly<Record<string, unknown>>,
  deps: FieldDeps,
  unknownMessage: string,
): Promise<{ ok: true; patch: FieldPatch; fields: AboutYourselfField[] } | { ok: false; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const patch: FieldPatch = {};
  const fields: AboutYourselfField[] = [];
  for (const [name, raw] of Object.entries(values)) {
    if (name === SSN_CONFIRMATION_FIELD && 'social_security_number' in values) continue;
    if (!isAboutYourselfField(name)) {
      errors[name] = [unknownMessage];
      continue;
    }
    const outcome = await RULES[name](raw, deps, values);
    if (isFailure(outcome)) {
      errors[name] = [fieldMessage(outcome.code, outcome.max)];
      continue;
    }
    fields.push(name);
    if (outcome.profile) patch.profile = { ...patch.profile, ...outcome.profile };
    if (outcome.borrower) patch.borrower = { ...patch.borrower, ...outcome.borrower };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch, fields };
}

/** The fields stored on the borrower row (loan_borrowers); every other field is a profile column. */
const BORROWER_FIELDS: ReadonlySet<AboutYourselfField> = new Set(['first_name', 'last_name', 'state_id']);
export const isBorrowerField = (field: AboutYourselfField): boolean => BORROWER_FIELDS.has(field);

const dollars = (value: number | null): string | null => (value === null ? null : formatCents(cents(value)));

/**
 * A field as show_field answers it: the date of birth as MM/DD/YYYY (the form's mask), money as dollars
 * with two decimals, the working time as its classic label, the SSN masked (xxx-xx-1234). The driver
 * licence number is opened: the review page edits it.
 */
export function displayValue(field: AboutYourselfField, profile: ProfileRow | undefined, borrower: BorrowerRow | undefined, box: CryptoBox): TFieldValue {
  const p = profile;
  switch (field) {
    case 'first_name':
      return borrower?.firstName ?? null;
    case 'last_name':
      return borrower?.lastName ?? null;
    case 'state_id':
      return borrower?.stateId ?? null;
    case 'date_of_birth':
      return p?.dateOfBirth ? formatUsDate(p.dateOfBirth) : null;
    case 'address':
      return p?.address ?? null;
    case 'unit_number':
      return p?.unitNumber ?? null;
    case 'zip_code':
      return p?.zipCode ?? null;
    case 'city':
      return p?.city ?? null;
    case 'driver_license_number':
      return p?.driverLicenseNumberSealed ? box.open(p.driverLicenseNumberSealed, DRIVER_LICENSE_AAD) : null;
    case 'driver_license_state_id':
      return p?.driverLicenseStateId ?? null;
    case 'social_security_number':
      return p?.ssnSealed ? maskSsn(box.open(p.ssnSealed, SSN_AAD)) : null;
    case 'annual_income':
      return dollars(p?.annualIncomeCents ?? null);
    case 'annual_household_income':
      return dollars(p?.annualHouseholdIncomeCents ?? null);
    case 'housing_type':
      return p?.housingType ?? null;
    case 'housing_payment':
      return dollars(p?.housingPaymentCents ?? null);
    case 'loan_purpose_id':
      return p?.loanPurposeId ?? null;
    case 'working_time_range':
      return p?.workingTimeRange ? workingTimeLabel(p.workingTimeRange, 'classic') : null;
    case 'military_active':
      return p?.militaryActive ?? null;
    case 'employee_id':
      return p?.employeeId ?? null;
  }
}
