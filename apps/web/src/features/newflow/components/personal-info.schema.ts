import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { parseMoneyInput } from '@payrail/client/money-input';
import { dobError, usToIso, zipValid } from '../lib/rules';

/** The housing type that has no monthly payment (newflow §2: "Own - No Mortage"). */
export const OWN_NO_MORTGAGE = 'own_no_mortgage';

const required = (value: string | null, path: string, ctx: z.RefinementCtx) => {
  if (value === null || value === '') ctx.addIssue({ code: 'custom', message: MSG.required, path: [path] });
};

/**
 * personal_info, housing sub-step (personal_info/rent, newflow §2): the housing, its monthly payment in
 * whole dollars unless "Own - No Mortage" (read as integer cents by the money-input reader), the education.
 * Out comes the step's body.
 */
export const housingSchema = z
  .object({ housing_type: z.string().nullable(), housing_payment: z.string(), education_level: z.string().nullable() })
  .superRefine((a, ctx) => {
    required(a.housing_type, 'housing_type', ctx);
    if (a.housing_type !== null && a.housing_type !== OWN_NO_MORTGAGE && !parseMoneyInput(a.housing_payment).ok)
      ctx.addIssue({ code: 'custom', message: MSG.required, path: ['housing_payment'] });
    required(a.education_level, 'education_level', ctx);
  })
  .transform((a) => {
    const payment = parseMoneyInput(a.housing_payment);
    return {
      workflow_status_key: 'personal_info' as const,
      sub_step: 'rent' as const,
      loan_borrower: {
        housing_type: a.housing_type,
        housing_payment: a.housing_type !== OWN_NO_MORTGAGE && payment.ok ? payment.cents : null,
        education_level: a.education_level,
      },
    };
  });
export type HousingAnswers = z.input<typeof housingSchema>;

/** The answers of the personal sub-step, under their wire names, as typed (ids as text, the date MM/DD/YYYY). */
export const PERSONAL_FIELDS = [
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
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
const OPTIONAL: ReadonlySet<PersonalField> = new Set(['middle_initial', 'unit_number']);
export const ZIP_MESSAGE = 'Enter the 5-digit zip code.';

/** The message of one answer, or undefined (newflow §5). The phone holds the E.164 number, or '' while what is typed is not a valid mobile number. */
function personalError(field: PersonalField, text: string, phoneTyped: boolean): string | undefined {
  const value = text.trim();
  if (!value) return OPTIONAL.has(field) ? undefined : field === 'phone' && phoneTyped ? MSG.invalidPhone : MSG.required;
  if (field === 'date_of_birth') return dobError(value) ?? undefined;
  if (field === 'zip_code' && !zipValid(value)) return ZIP_MESSAGE;
  if (field === 'phone' && !/^\+\d{8,15}$/.test(value)) return MSG.invalidPhone;
  return undefined;
}

/**
 * personal_info, personal sub-step (newflow §2, §5): name, phone, date of birth, licence and address, all
 * required but the middle initial and the unit; `phone_typed` (not sent) says whether an empty phone is
 * "invalid" (something was typed) or "can't be blank". Out comes the step's body, trimmed, ids as numbers.
 */
export const personalSchema = z
  .object({
    ...(Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, z.string()])) as Record<PersonalField, z.ZodString>),
    phone_typed: z.boolean(),
  })
  .superRefine((a, ctx) => {
    for (const field of PERSONAL_FIELDS) {
      const message = personalError(field, a[field], a.phone_typed);
      if (message) ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  })
  .transform((a) => ({
    workflow_status_key: 'personal_info' as const,
    sub_step: 'personal' as const,
    loan_borrower: {
      first_name: a.first_name.trim(),
      middle_initial: a.middle_initial.trim(),
      last_name: a.last_name.trim(),
      phone: a.phone.trim(),
      date_of_birth: usToIso(a.date_of_birth),
      driver_license_number: a.driver_license_number.trim(),
      driver_license_state_id: Number(a.driver_license_state_id),
      address: a.address.trim(),
      unit_number: a.unit_number.trim(),
      city: a.city.trim(),
      state_id: Number(a.state_id),
      zip_code: a.zip_code.trim(),
    },
  }));
export type PersonalAnswers = z.input<typeof personalSchema>;
