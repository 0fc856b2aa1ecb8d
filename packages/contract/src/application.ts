import { isEmail } from '@payrail/domain/validation/email';
import { DOLLAR_FIELD_MAX_DIGITS } from '@payrail/domain/validation/money-input';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { REPAYMENT_METHODS, type RepaymentMethod } from '@payrail/domain/loan/statuses';
import { z } from 'zod';
import { ZWorkflowStatus } from './workflow-status';
import { DOCUMENT_TYPE_NAMES } from './documents';
import { FIELD_MSG, MSG, SERVER_MSG } from './messages';
import { cents, coercedCents, ZCents } from './money';
import { isoDate, ZIsoDate } from './dates';

/**
 * The classic application's server calls (classic-application-flow.md §3, §5, §7): About yourself,
 * employer and income, loan terms, review, feedback, reapply, and the back office's reviewer actions.
 * Wire names are the spec's. Money on the wire is integer cents (ARCHITECTURE §4); dates are ISO
 * `YYYY-MM-DD`, except the date of birth, which the About-yourself form types and reads as MM/DD/YYYY.
 */

// ── About yourself ──────────────────────────────────────────────────────────────────────────────

/** Every field `update_field` / `show_field` knows (spec §3 application fields, plus the partner employee id). */
export const ABOUT_YOURSELF_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'address',
  'unit_number',
  'zip_code',
  'city',
  'state_id',
  'driver_license_number',
  'driver_license_state_id',
  'social_security_number',
  'annual_income',
  'annual_household_income',
  'housing_type',
  'housing_payment',
  'loan_purpose_id',
  'working_time_range',
  'military_active',
  'employee_id',
] as const;
export type AboutYourselfField = (typeof ABOUT_YOURSELF_FIELDS)[number];

/** The person's own answers, in the order the About-yourself form and the application review show them. */
export const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'address',
  'unit_number',
  'city',
  'state_id',
  'zip_code',
  'driver_license_number',
  'driver_license_state_id',
  'social_security_number',
] as const satisfies readonly AboutYourselfField[];

/** The confirmation the SPA checks; the server checks it too when it comes along with the SSN. */
export const SSN_CONFIRMATION_FIELD = 'social_security_number_confirmation';

export const HOUSING_TYPES = ['rent', 'own'] as const;
export const INCOME_SOURCES = ['Employed', 'Retired', 'Unemployed', 'Other'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** The classic labels of the working-time ranges (spec §2); the server also takes the keys lt_1, 1_3, 3_5, gt_5. */
export const WORKING_TIME_RANGE_LABELS = ['Less than 1 year', '1 - 3 years', '3 - 5 years', 'More than 5 years'] as const;

/** Pay frequencies of a new ("not listed") employer (spec §2, §9). */
export const PAYMENT_FREQUENCY_LABELS = ['Weekly', 'Bi-weekly', 'Monthly'] as const;

/** References the About-yourself step needs (spec §5, §9). */
export const REFERENCES_REQUIRED = 2;

/** Money fields take at most this many integer digits (spec §5). */
export const MONEY_FIELD_MAX_DIGITS = DOLLAR_FIELD_MAX_DIGITS;

/** Server texts the spec does not fix. Stable: the SPA may match on them. */
export const APPLICATION_MSG = {
  stepNotAvailable: SERVER_MSG.stepNotAvailable,
  noField: 'must name a field',
  /** 429 once a member tried too many different SSNs in a day (the uniqueness answer must not be a lookup service). */
  tooManySsnAttempts: 'Too many different social security numbers were entered today. Please call customer service.',
  moneyTooLong: `is too long (maximum is ${DOLLAR_FIELD_MAX_DIGITS} digits)`,
  militaryIneligible: 'Our loans are not available to active-duty members of the armed forces.',
  referencesCount: `must have exactly ${REFERENCES_REQUIRED} references`,
  notRequested: 'was not requested',
  dateInFuture: 'must not be in the future',
  noAmountAvailable: 'No loan amount is available for your application yet.',
  termsNotChosen: 'Please choose your loan terms first.',
  termsConsentMissing: 'Please accept the loan terms first.',
  /** GET /review without the borrower's credit pull authorization (the review runs the credit check; classic §5 consents). */
  creditPullMissing: 'Please authorize the credit pull (Credit Pull Authorization) before confirming your application.',
  documentMissing: 'must have at least one file',
  noOpenFeedback: 'There is no feedback to answer.',
  cannotReapplyYet: (date: string) => `You can apply again on ${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}.`,
  cannotReapply: 'A new application cannot be started from your current status.',
  useDedicatedAction: (status: string) => `Use the ${status} action: it needs more than a status.`,
  /** …/approve at the allotment review: the allotment is approved first (its own action), then the borrower signs. */
  approveAllotmentFirst:
    'This application is at the allotment review: approve the allotment (Approve allotment) to send the borrower on to the e-signature; the application is approved after they sign.',
  /** …/approve_allotment outside the allotment review. */
  notAtAllotmentReview: (status: string) =>
    `Only an application at the allotment review (review_allotment) has an allotment to approve; this one is at ${status}.`,
  incomeSourceNotEmployed: 'Choose an employer only when your source of income is Employed.',
} as const;

/**
 * Validation failure codes the About-yourself rules answer: the domain's (`packages/domain/src/validation`)
 * plus the server's own checks (availability, uniqueness, existence).
 */
export type FieldCode =
  | 'required'
  | 'too_long'
  | 'dob_invalid'
  | 'dob_year_invalid'
  | 'dob_month_invalid'
  | 'dob_day_invalid'
  | 'dob_under_legal_age'
  | 'ssn_invalid'
  | 'ssn_confirmation_mismatch'
  | 'ssn_taken'
  | 'zip_invalid'
  | 'amount_invalid'
  | 'amount_too_long'
  | 'working_time_range_invalid'
  | 'tenure_too_short'
  | 'military_active'
  | 'state_unavailable'
  | 'not_included'
  | 'not_found'
  | 'invalid'
  | 'date_in_future'
  | 'must_be_accepted';

/** Code → the text answered in `{ errors: { field: [text] } }`; the spec's texts verbatim (§5). */
export function fieldMessage(code: FieldCode, max?: number): string {
  switch (code) {
    case 'required':
      return FIELD_MSG.blank;
    case 'too_long':
      return FIELD_MSG.tooLong(max ?? 0);
    case 'dob_invalid':
      return MSG.invalidDate;
    case 'dob_year_invalid':
      return MSG.dobYearInvalid;
    case 'dob_month_invalid':
      return MSG.dobMonthInvalid;
    case 'dob_day_invalid':
      return MSG.dobDayInvalid;
    case 'dob_under_legal_age':
      return MSG.underLegalAge;
    case 'ssn_invalid':
      return MSG.ssnInvalid;
    case 'ssn_confirmation_mismatch':
      return MSG.ssnConfirmationMismatch;
    case 'ssn_taken':
      return FIELD_MSG.taken;
    case 'amount_too_long':
      return APPLICATION_MSG.moneyTooLong;
    case 'tenure_too_short':
      return MSG.tenureTooShort;
    case 'military_active':
      return APPLICATION_MSG.militaryIneligible;
    case 'state_unavailable':
      return MSG.stateUnavailable;
    case 'not_included':
    case 'working_time_range_invalid':
      return FIELD_MSG.notIncluded;
    case 'not_found':
      return FIELD_MSG.notFound;
    case 'date_in_future':
      return APPLICATION_MSG.dateInFuture;
    case 'must_be_accepted':
      return FIELD_MSG.mustBeAccepted;
    case 'zip_invalid':
    case 'amount_invalid':
    case 'invalid':
      return FIELD_MSG.invalid;
  }
}

/** A value as show_field answers it: text, an id, a yes/no, or nothing yet. */
export const ZFieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TFieldValue = z.infer<typeof ZFieldValue>;

/** GET /about_yourself/show_field/{field} */
export const ZShowFieldParams = z.object({ field: z.string().min(1).max(60) });
export const ZShowFieldResponse = z.object({ field: z.string(), value: ZFieldValue });
export type TShowFieldResponse = z.infer<typeof ZShowFieldResponse>;

/** POST /about_yourself/update_field: `{ loan_borrower: { <field>: value } }`, one field per call (auto-save). */
export const ZUpdateFieldRequest = z.object({
  loan_borrower: z.record(z.string().max(60), z.unknown(), { error: FIELD_MSG.blank }),
});
export type TUpdateFieldRequest = z.infer<typeof ZUpdateFieldRequest>;
/** The saved fields as show_field would answer them (SSN masked). */
export const ZUpdateFieldResponse = z.object({ loan_borrower: z.record(z.string(), ZFieldValue) });
export type TUpdateFieldResponse = z.infer<typeof ZUpdateFieldResponse>;

const US_PHONE_DIGITS = /^1?(\d{10})$/;
/** A US phone number typed in any format: ten digits, optionally after +1. */
export const isUsPhone = (text: string): boolean => US_PHONE_DIGITS.test(text.replace(/\D/g, ''));

const referenceText = (max: number) => z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(max, FIELD_MSG.tooLong(max));

/** A personal reference (spec §3): all four fields required (§5). */
export const ZReference = z.object({
  firstName: referenceText(60),
  lastName: referenceText(60),
  relationship: referenceText(60),
  phone: referenceText(30).refine(isUsPhone, FIELD_MSG.invalid),
});
export type TReference = z.infer<typeof ZReference>;

/** GET /about_yourself/borrower_references */
export const ZReferencesResponse = z.object({
  references: z.array(z.object({ firstName: z.string(), lastName: z.string(), relationship: z.string(), phone: z.string() })),
});
export type TReferencesResponse = z.infer<typeof ZReferencesResponse>;

/** POST /about_yourself/update_references: exactly two references. */
export const ZUpdateReferencesRequest = z.object({
  references: z.array(ZReference, { error: FIELD_MSG.blank }).length(REFERENCES_REQUIRED, APPLICATION_MSG.referencesCount),
});
export type TUpdateReferencesRequest = z.infer<typeof ZUpdateReferencesRequest>;

/** GET /education_program */
export const ZEducationProgramResponse = z.object({ show_modal: z.boolean() });
export type TEducationProgramResponse = z.infer<typeof ZEducationProgramResponse>;

const initial = z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(1, FIELD_MSG.tooLong(1));

/** POST /education_program: the agreement plus one-character first and last initials (spec §5). */
export const ZEducationProgramRequest = z.object({
  initials: z.object({ first: initial, last: initial }, { error: FIELD_MSG.blank }),
  agreement: z.literal(true, { error: FIELD_MSG.mustBeAccepted }),
});
export type TEducationProgramRequest = z.infer<typeof ZEducationProgramRequest>;

/** POST /leads (no session): the lead-capture dialog of an unavailable state (spec §5). */
export const ZLeadRequest = z.object({
  lead: z.object(
    {
      full_name: z.string({ error: MSG.leadFullNameBlank }).trim().min(1, MSG.leadFullNameBlank).max(120, FIELD_MSG.tooLong(120)),
      email: z
        .string({ error: MSG.leadEmailBlank })
        .trim()
        .toLowerCase()
        .min(1, MSG.leadEmailBlank)
        .max(254, MSG.leadEmailInvalid)
        .refine((e) => e === '' || isEmail(e), MSG.leadEmailInvalid),
      state_id: z.coerce.number({ error: MSG.stateBlank }).int(MSG.stateBlank).positive(MSG.stateBlank).max(2_147_483_647, MSG.stateBlank),
    },
    { error: FIELD_MSG.blank },
  ),
});
export type TLeadRequest = z.infer<typeof ZLeadRequest>;
export const ZLeadResponse = z.object({ id: z.number().int(), full_name: z.string(), email: z.string(), state_id: z.number().int() });
export type TLeadResponse = z.infer<typeof ZLeadResponse>;

// ── Employer and income ─────────────────────────────────────────────────────────────────────────

/** GET /employer_entrypoint */
export const ZEmployerEntrypoint = z.object({
  employee_id: z.string().nullable(),
  employer_id: z.number().int().nullable(),
  employer_obj: z.object({ id: z.number().int(), name: z.string(), partnership: z.string().nullable() }).nullable(),
  income_source: z.enum(INCOME_SOURCES).nullable(),
  working_time_range: z.string().nullable(),
});
export type TEmployerEntrypoint = z.infer<typeof ZEmployerEntrypoint>;

const ZWorkingTimeText = z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(40, FIELD_MSG.notIncluded);

/** POST /change_income_source */
export const ZChangeIncomeSourceRequest = z.object({
  income_source: z.enum(INCOME_SOURCES, { error: FIELD_MSG.notIncluded }),
  working_time_range: ZWorkingTimeText,
});
export type TChangeIncomeSourceRequest = z.infer<typeof ZChangeIncomeSourceRequest>;

/** The answer of a step call that may move the application: `{ ok, new_status }`. */
export const ZOkStatusResponse = z.object({ ok: z.literal(true), new_status: ZWorkflowStatus });
export type TOkStatusResponse = z.infer<typeof ZOkStatusResponse>;

/** POST /employers: an employer that is not listed, pending review. `paymentDate` is the last paycheck's date (MM/DD/YYYY or YYYY-MM-DD). */
export const ZNewEmployerRequest = z.object({
  employer: z.object(
    {
      name: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(120, FIELD_MSG.tooLong(120)),
      paymentFrequency: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(20, FIELD_MSG.notIncluded),
      paymentDate: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(20, FIELD_MSG.invalid),
    },
    { error: FIELD_MSG.blank },
  ),
});
export type TNewEmployerRequest = z.infer<typeof ZNewEmployerRequest>;
export const ZNewEmployerResponse = z.object({ employer_id: z.number().int() });

/** PATCH /employer_selected */
export const ZEmployerSelectedRequest = z.object({
  loan_borrower: z.object(
    {
      employer_id: z.coerce.number({ error: FIELD_MSG.blank }).int(FIELD_MSG.blank).positive(FIELD_MSG.blank).max(2_147_483_647, FIELD_MSG.invalid),
      employee_id: z.string().max(200).nullish(),
      working_time_range: ZWorkingTimeText,
      military_active: z.boolean().optional(),
    },
    { error: FIELD_MSG.blank },
  ),
});
export type TEmployerSelectedRequest = z.infer<typeof ZEmployerSelectedRequest>;

// ── Loan terms ──────────────────────────────────────────────────────────────────────────────────

export const PAYMENT_METHODS = REPAYMENT_METHODS;
export type PaymentMethod = RepaymentMethod;
export const TERM_FREQUENCIES = FREQUENCIES;

/** GET /loan?amount= (cents; optional: the stored choice, else the largest option). */
export const ZLoanQuery = z.object({
  amount: coercedCents(FIELD_MSG.invalid).check(z.positive(FIELD_MSG.invalid), z.lte(2_147_483_647, FIELD_MSG.invalid)).optional(),
});

/** The loan-terms entity (spec §3) plus the fee label, the repayment method and the schedule summary. Money in cents. */
export const ZLoanTerms = z.object({
  interest_rate: z.string(),
  amount: ZCents,
  fee_amount: ZCents,
  fee_not_financed: z.boolean(),
  terms: z.number().int(),
  payment_per_term: ZCents,
  apr: z.string(),
  term_frequency: z.enum(TERM_FREQUENCIES),
  disbursement_date: ZIsoDate,
  first_payment_date: ZIsoDate,
  negotiated_amount: ZCents.nullable(),
  terms_in_months: z.number().int(),
  amount_options: z.array(ZCents),
  change_message: z.string().nullable(),
  payoff_amount: ZCents.nullable(),
  fee_label: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  final_payment: ZCents,
  total_of_payments: ZCents,
  finance_charge: ZCents,
  amount_financed: ZCents,
});
export type TLoanTerms = z.infer<typeof ZLoanTerms>;

/** GET /associate_terms_consent */
export const ZTermsConsentResponse = z.object({ ok: z.literal(true), consented_at: z.string() });

/** GET /payment_change; on failure the SPA shows MSG.paymentChangeFailed. */
export const ZPaymentChangeResponse = z.object({ ok: z.literal(true), payment_change: z.boolean() });
export type TPaymentChangeResponse = z.infer<typeof ZPaymentChangeResponse>;

// ── Review, feedback, home ──────────────────────────────────────────────────────────────────────

/** Fields a reviewer may flag: the About-yourself fields, the employer and the references. */
export const FEEDBACK_FIELDS = [...ABOUT_YOURSELF_FIELDS, 'employer_id', 'user_references'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** The address group the feedback answers as one object (spec §2 feedback shape). */
export const ADDRESS_FIELDS = ['address', 'unit_number', 'zip_code', 'city', 'state_id'] as const;

/** GET /feedback (spec §2 feedback shape). `documents` lists, per requested type, the files uploaded since the request. */
export const ZFeedbackResponse = z.object({
  message: z.string(),
  fields: z.object({
    loan_borrower: z.record(z.string(), z.unknown()),
    documents: z.record(
      z.string(),
      z.array(z.object({ id: z.number().int(), file_name: z.string(), file_url: z.string(), file_size: z.number().int(), file_extension: z.string() })),
    ),
    bank_information: z.record(z.string(), z.unknown()).nullable(),
  }),
  allotment: z.boolean(),
});
export type TFeedbackResponse = z.infer<typeof ZFeedbackResponse>;

/** PUT /feedback: the corrected fields (same rules as update_field). Bank data goes through the banking calls. */
export const ZFeedbackUpdateRequest = z.object({
  loan_borrower: z.record(z.string().max(60), z.unknown()).optional().default({}),
  bank_information: z.record(z.string(), z.unknown()).optional(),
});
export type TFeedbackUpdateRequest = z.infer<typeof ZFeedbackUpdateRequest>;

/** POST /user_feedback: the home panel's star rating. */
export const ZUserFeedbackRequest = z.object({
  feedback: z.object(
    {
      rating: z.coerce.number({ error: FIELD_MSG.blank }).int(FIELD_MSG.notIncluded).min(1, FIELD_MSG.notIncluded).max(5, FIELD_MSG.notIncluded),
      message: z.string().trim().max(2000, FIELD_MSG.tooLong(2000)).optional().default(''),
    },
    { error: FIELD_MSG.blank },
  ),
});
export const ZUserFeedbackResponse = z.object({ id: z.number().int(), rating: z.number().int(), message: z.string() });

/** GET /reapply: `today`, `never` or a date `YYYY-MM-DD`. */
export const ZReapplyResponse = z.object({ could_reapply_on: z.string() });
export type TReapplyResponse = z.infer<typeof ZReapplyResponse>;

// ── Back office: reviewer actions (/api/backoffice/applications/{userId}/…) ─────────────────────

export const ZApplicationParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET …/allowed_statuses: what a reviewer may set now. */
export const ZAllowedStatusesResponse = z.object({
  user_id: z.number().int(),
  current_status: ZWorkflowStatus,
  allowed_statuses: z.array(ZWorkflowStatus),
  transitions: z.array(z.object({ to: ZWorkflowStatus, event: z.string() })),
});
export type TAllowedStatusesResponse = z.infer<typeof ZAllowedStatusesResponse>;

/** POST …/status; a counteroffer (loan_amount_changed) names the largest amount offered, in cents. */
export const ZStaffStatusRequest = z.object({
  new_status: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(60),
  negotiated_amount: cents(FIELD_MSG.invalid).check(z.positive(FIELD_MSG.invalid)).optional(),
});
export type TStaffStatusRequest = z.infer<typeof ZStaffStatusRequest>;

/** The answer of every reviewer action. */
export const ZStaffActionResponse = z.object({ ok: z.literal(true), previous_status: ZWorkflowStatus, new_status: ZWorkflowStatus });
export type TStaffActionResponse = z.infer<typeof ZStaffActionResponse>;

/** A reapply date or `never`. */
export const ZReapplyOn = z.union([z.literal('never'), isoDate(FIELD_MSG.invalid)], { error: FIELD_MSG.invalid });

/** POST …/feedback: what the borrower must correct or add. */
export const ZStaffFeedbackRequest = z.object({
  message: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(4000, FIELD_MSG.tooLong(4000)),
  fields: z
    .object({
      loan_borrower: z
        .array(z.enum(FEEDBACK_FIELDS, { error: FIELD_MSG.notIncluded }))
        .optional()
        .default([]),
    })
    .optional()
    .default({ loan_borrower: [] }),
  documents: z
    .array(z.enum(DOCUMENT_TYPE_NAMES, { error: FIELD_MSG.notIncluded }))
    .optional()
    .default([]),
  bank_information: z
    .union([z.boolean(), z.object({ bank_link: z.boolean().optional() }).catchall(z.unknown())])
    .optional()
    .default(false),
  allotment: z.boolean().optional().default(false),
});
export type TStaffFeedbackRequest = z.infer<typeof ZStaffFeedbackRequest>;

/** Principal reasons for the adverse-action notice; defaulted from the recorded underwriting decision. */
const ZReasons = z.array(z.string().trim().min(1).max(300)).max(4).optional();

/** POST …/decline */
export const ZStaffDeclineRequest = z.object({ reapply_on: ZReapplyOn, reasons: ZReasons });
export type TStaffDeclineRequest = z.infer<typeof ZStaffDeclineRequest>;
/** POST …/deny */
export const ZStaffDenyRequest = z.object({
  not_qualified_reason: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(300, FIELD_MSG.tooLong(300)),
  reapply_on: ZReapplyOn,
  reasons: ZReasons,
});
export type TStaffDenyRequest = z.infer<typeof ZStaffDenyRequest>;
/**
 * POST …/employer_review: the reviewer's decision on a new-flow applicant's employer that was not on the
 * list (employer_under_review): `accept` → personal_info (the applicant continues), `cannot_proceed` →
 * cant_proceed. The note is kept with the audited action.
 */
export const EMPLOYER_REVIEW_DECISIONS = ['accept', 'cannot_proceed'] as const;
export const ZStaffEmployerReviewRequest = z.object({
  decision: z.enum(EMPLOYER_REVIEW_DECISIONS, { error: FIELD_MSG.blank }),
  note: z.string().trim().max(300, FIELD_MSG.tooLong(300)).optional(),
  /**
   * `accept` only: the listed employer the typed-in one is (matched by the reviewer). Without it the
   * employer is created in the employer table under `employer_name` (default: the name the applicant
   * typed), or matched when a listed employer already has that name. `cannot_proceed` needs a `note`
   * (the reason, kept with the audited action).
   */
  employer_id: z.number({ error: FIELD_MSG.invalid }).int(FIELD_MSG.invalid).positive(FIELD_MSG.invalid).optional(),
  employer_name: z.string().trim().min(2, FIELD_MSG.tooShort(2)).max(120, FIELD_MSG.tooLong(120)).optional(),
});
export type TStaffEmployerReviewRequest = z.infer<typeof ZStaffEmployerReviewRequest>;
/**
 * GET …/employer_review: the employer a new-flow applicant typed in (employer_info; null when none) and
 * listed employers whose names are close to it, for the reviewer to match.
 */
export const ZEmployerReviewFacts = z.object({
  user_id: z.number().int(),
  status: ZWorkflowStatus,
  described: z.object({ name: z.string(), multiple_paycheck: z.string(), payroll_service: z.string(), work_email: z.string() }).nullable(),
  payment_frequency: z.string().nullable(),
  candidates: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TEmployerReviewFacts = z.infer<typeof ZEmployerReviewFacts>;
/** POST …/cancel */
export const ZStaffCancelRequest = z.object({ reapply_on: ZReapplyOn.optional() });
export type TStaffCancelRequest = z.infer<typeof ZStaffCancelRequest>;

/**
 * GET /representative_example (public, the landing page): the APR range, amounts and terms of every
 * program in force today, and one worked example, all computed by the loan engine. Money in cents,
 * APR as a two-decimal percent string.
 */
export const ZRepresentativeExample = z.object({
  apr_min: z.string(),
  apr_max: z.string(),
  amount_min: ZCents,
  amount_max: ZCents,
  term_months_min: z.number().int(),
  term_months_max: z.number().int(),
  example: z.object({
    amount: ZCents,
    fee_amount: ZCents,
    fee_label: z.string(),
    fee_financed: z.boolean(),
    interest_rate: z.string(),
    apr: z.string(),
    term_frequency: z.enum(TERM_FREQUENCIES),
    number_of_payments: z.number().int(),
    terms_in_months: z.number().int(),
    payment_per_term: ZCents,
    final_payment: ZCents,
    finance_charge: ZCents,
    amount_financed: ZCents,
    total_of_payments: ZCents,
  }),
  as_of: ZIsoDate,
});
export type TRepresentativeExample = z.infer<typeof ZRepresentativeExample>;
