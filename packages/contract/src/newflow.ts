import { NEWFLOW_STEPS, type NewflowStep } from './newflow-steps';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { RATE_CHECK_OUTCOMES } from '@payrail/domain/underwriting/rate-check';
import { z } from 'zod';
import { ZWorkflowStatus } from './workflow-status';
import { ZBankInformation } from './banking';
import { DOCUMENT_FILE_TOO_LARGE, DOCUMENT_FILE_WRONG_TYPE, DOCUMENT_MAX_BYTES } from './documents';
import { ZEmail } from './identity';
import { FIELD_MSG, MSG } from './messages';
import { NEWFLOW_LOAN_REQUEST_RANGE_CENTS, NEWFLOW_LOAN_REQUEST_RANGE_MSG, NEWFLOW_PAYMENT_FREQUENCIES } from './newflow-rules';
import { ZEmployer } from './reference';
import { ZCents } from './money';
import { isoDate, ZIsoDate } from './dates';

/**
 * The new-flow application ("Check Your Rate", newflow-and-dashboard.md §2–§5, §7) on the wire.
 *
 * Every step is read with `GET /api/applicationflow/application_step/{step}` and submitted with
 * `POST /api/applicationflow/application_step` whose body carries `workflow_status_key`; the answer
 * names the `new_status`. Step keys are workflow statuses (the one machine in
 * packages/domain/src/workflow); `NEWFLOW_SLUGS` maps each to its page under /application/newflow/.
 * Money is integer cents like every other contract; dates are ISO `YYYY-MM-DD`. docs/newflow.md lists
 * every call in order.
 */

// ── Steps and pages ─────────────────────────────────────────────────────────────────────────────

export { NEWFLOW_BREADCRUMB, NEWFLOW_BREADCRUMB_STEP, NEWFLOW_SLUGS, NEWFLOW_STEPS } from './newflow-steps';
export type { NewflowStep } from './newflow-steps';
export const ZNewflowStep = z.enum(NEWFLOW_STEPS);

// ── Messages (spec verbatim where the spec fixes them; otherwise stable server texts) ──────────

export const NEWFLOW_MSG = {
  ssnInvalid: 'SSN is not valid',
  ssnMismatch: 'SSN does not match',
  dobYearInvalid: 'Year must be valid',
  underLegalAge: MSG.underLegalAge,
  passwordMismatch: MSG.passwordMismatch,
  referralNotFound: MSG.referralNotFound,
  invalidCode: MSG.newFlowInvalidCode,
  fileTooLarge: DOCUMENT_FILE_TOO_LARGE,
  fileWrongType: DOCUMENT_FILE_WRONG_TYPE,
  /** The "combined message": a file both too large and of a wrong type. */
  fileTooLargeAndWrongType: 'Your file is greater than 2MB and its type is not accepted. Please provide a .jpg, .png or .pdf file.',
  // Server texts the spec does not fix (stable; the SPA may match on them).
  stepNotOpen: 'This step is not open for your application.',
  proofOfAddressTooOld: 'Your proof of address must be dated within the last 45 days.',
  proofOfAddressFuture: 'The date of your proof of address cannot be in the future.',
  proofOfAddressMismatch: 'The address on your proof of address must match the address you gave us.',
  documentsMissing: 'Please upload every required document.',
  notQualifiedForSplit: 'You do not qualify for split direct deposit. Please choose auto-debit.',
  payrollNotConnected: 'Your payroll account is not connected yet.',
  splitPaymentUnknown: 'We could not work out your loan payment for an automatic split. Please set it up manually.',
  allocationIncorrect: 'The split direct deposit is not set up with the expected amount.',
  bankAccountMissing: 'Please link or enter your bank account.',
  offerNotOffered: 'This offer is not available. Please choose one of the offers shown.',
  autoDebitDisclosureRequired: 'Please accept the auto-debit disclosure.',
  reapplyNotYet: (date: string) => `You can apply again on ${date}.`,
} as const;

// ── Shared pieces ───────────────────────────────────────────────────────────────────────────────

/** Upload limit (2 MB = 2,000,000 bytes, spec §5 and §9) and accepted types (checked by magic bytes on the server). */
export const NEWFLOW_UPLOAD_MAX_BYTES = DOCUMENT_MAX_BYTES;
export const NEWFLOW_UPLOAD_MIME = ['image/png', 'image/jpeg', 'application/pdf'] as const;

/** Kinds of file the new flow uploads (additional documents plus the pay stub, split-deposit proof and bank statement). */
export const NEWFLOW_FILE_TYPES = ['driver_license', 'proof_of_address', 'selfie_photo', 'pay_stub', 'allotment', 'bank_statement'] as const;

/**
 * A file as the new flow sends it (spec §3): `file` a base64 data URL, `file_extension` the browser's
 * mime type, `file_type` the document kind, `filename`. The server decides the real type from the
 * bytes; a data URL longer than a 2 MB file can need is refused before decoding.
 */
export const ZNewflowUpload = z.object({
  file: z
    .string({ error: FIELD_MSG.blank })
    .min(1, FIELD_MSG.blank)
    .max(Math.ceil((DOCUMENT_MAX_BYTES * 4) / 3) + 1_000, NEWFLOW_MSG.fileTooLarge)
    .regex(/^data:[\w.+/-]*(;[\w=.-]+)*;base64,[A-Za-z0-9+/=\s]*$/, FIELD_MSG.invalid),
  file_extension: z.string().max(100).optional().default(''),
  file_type: z.enum(NEWFLOW_FILE_TYPES, { error: FIELD_MSG.invalid }),
  filename: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(255),
});
export type TNewflowUpload = z.infer<typeof ZNewflowUpload>;

/** A stored file as step data shows it (spec §3 allotment_file: file, filename, content_type). */
export const ZNewflowStoredFile = z.object({ id: z.number().int(), file: z.string(), filename: z.string(), content_type: z.string() });

const ZKey = <K extends NewflowStep>(key: K) => z.literal(key);
const ZMoneyCents = ZCents.check(z.nonnegative(), z.lte(100_000_000));
/** A day the borrower types (the proof of address's statement date). */
const ZTypedDate = isoDate(MSG.invalidDate);
/** The day a new application may start, or `never` (a staff decision's ZReapplyOn). */
const ZReapplyDate = z.union([z.literal('never'), ZIsoDate]);

/** What every GET step answer carries (spec §3 "Application data read" and §4 the empty-stack rule). */
export const ZStepBase = z.object({
  /** The step asked for. */
  workflow_status_key: ZWorkflowStatus,
  /** Where the application is now. */
  current_status: ZWorkflowStatus,
  /** Set when the asked step is not where the application is: the SPA goes to this status's page. */
  new_status: ZWorkflowStatus.nullable(),
  /** True once the borrower's part is done (the application is under review or ended). */
  finalized_application: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** denied / dropped: the day a new application may start (null = any time; 'never'). */
  reapply_date: ZReapplyDate.nullable(),
});

// ── Sign-up, sign-in pre-check, confirmation ─────────────────────────────────────────────────────

export { NEWFLOW_PAYMENT_FREQUENCIES, NEWFLOW_PAYMENT_FREQUENCY_LABELS } from './newflow-rules';
export const ZNewflowPaymentFrequency = z.enum(NEWFLOW_PAYMENT_FREQUENCIES, { error: FIELD_MSG.invalid });

/**
 * POST /api/signup with `new_flow: true` (spec §3): no password at the first step. The answer is the
 * classic one, 201 `{ id, email }` without a token: the SPA goes to verify_email.
 */
/** The agreement documents the new flow's sign-up checkbox covers beyond the spec's two (recorded when sent `true`). */
export const NEWFLOW_SIGNUP_EXTRA_AGREEMENTS = ['consent_text_messaging', 'auto_debit_disclosure', 'terms_of_use'] as const;
const NEWFLOW_SIGNUP_EXTRA_AGREEMENT_FIELDS = {
  consent_text_messaging: z.literal(true, { error: FIELD_MSG.mustBeAccepted }).optional(),
  auto_debit_disclosure: z.literal(true, { error: FIELD_MSG.mustBeAccepted }).optional(),
  terms_of_use: z.literal(true, { error: FIELD_MSG.mustBeAccepted }).optional(),
};

export const ZNewflowSignupRequest = z.object({
  application_member: z.object({ email: ZEmail }),
  fingerprint: z.string().max(200).optional(),
  agreements: z.object({
    privacy_notice: z.literal(true, { error: FIELD_MSG.mustBeAccepted }),
    consent_eletronic_comunications: z.literal(true, { error: FIELD_MSG.mustBeAccepted }),
    /**
     * The other documents the Check Your Rate terms checkbox covers (newflow §2): sent by the SPA, each
     * recorded as accepted (time, IP, browser) with the sign-up. Optional so the spec's payload stays valid.
     */
    ...NEWFLOW_SIGNUP_EXTRA_AGREEMENT_FIELDS,
  }),
  loan_borrower: z.object({
    state_id: z.number({ error: MSG.stateBlank }).int().positive(MSG.stateBlank).max(2_147_483_647, MSG.stateBlank),
    employer_id: z.number().int().positive().max(2_147_483_647).nullish(),
    friend_refer_code: z.string().trim().max(40).nullish(),
    /** Partner sign-up only (b2b_partner employers): the employee id, at most 30 characters. */
    employee_id: z.string().trim().max(30, FIELD_MSG.tooLong(30)).nullish(),
  }),
  loan: z.object({
    /** Cents: whole dollars within the product's lending range. */
    amount: z
      .number({ error: FIELD_MSG.blank })
      .int()
      .meta({ unit: 'cents' })
      .check(
        z.positive(FIELD_MSG.invalid),
        z.gte(NEWFLOW_LOAN_REQUEST_RANGE_CENTS.min, NEWFLOW_LOAN_REQUEST_RANGE_MSG),
        z.lte(NEWFLOW_LOAN_REQUEST_RANGE_CENTS.max, NEWFLOW_LOAN_REQUEST_RANGE_MSG),
        z.multipleOf(100, NEWFLOW_LOAN_REQUEST_RANGE_MSG),
      ),
    payment_frequency: ZNewflowPaymentFrequency,
    loan_purpose_name: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(60),
    /** Cents: the payment the calculator on the page showed (stored; the offers are computed again). */
    fixed_payment_amount: ZCents.check(z.positive(), z.lte(100_000_000)).optional(),
  }),
  new_flow: z.literal(true),
});
export type TNewflowSignupRequest = z.infer<typeof ZNewflowSignupRequest>;

/**
 * POST /api/email `{ email }` (spec §4 sign-in pre-check):
 * - 200 `{ data: 'password' }`: the account signs in with a password → password step;
 * - 200 `{ data: 'no_account' }`: nobody has this address → the SPA offers Check Your Rate;
 * - 202 `{ data: 'unconfirmed' }`: the e-mail is not confirmed → verify_email (a new code is e-mailed);
 * - 202 `{ data: 'already_started' }`: an application without a password is in progress → already_started;
 *   the server e-mails a one-time continue link (`/c/{code}`, new_flow) to the address.
 */
export const ZEmailCheckRequest = z.object({ email: ZEmail });
export const ZEmailCheckResponse = z.object({
  data: z.enum(['password', 'no_account', 'unconfirmed', 'already_started']),
  /** Additive (issue #33): whether the account signs in with a password (absent for no_account). */
  has_password: z.boolean().optional(),
  /** already_started only: the continue link was e-mailed now (`sent`), or the hourly limit held it back (`limit_reached`). */
  continue_link: z.enum(['sent', 'limit_reached']).optional(),
  /** already_started only: how many hours an e-mailed continue link works. */
  link_valid_hours: z.number().int().optional(),
});
export type TEmailCheckResponse = z.infer<typeof ZEmailCheckResponse>;

// ── Step payloads (POST /api/applicationflow/application_step) ─────────────────────────────────

export const EMPLOYMENT_STATUSES = ['full-time', 'part-time', 'Retired'] as const;
export const NEWFLOW_WORKING_TIMES = ['Less than a year', '1-3 years', '3-5 years', 'More than 5 years'] as const;
export const MULTIPLE_PAYCHECK_OPTIONS = ['Yes', 'No', "Don't know"] as const;
export const HOUSING_TYPE_OPTIONS = [
  { value: 'rent', label: 'Rent' },
  { value: 'own_mortgage', label: 'Own - Pay Mortage' },
  { value: 'own_no_mortgage', label: 'Own - No Mortage' },
  { value: 'other', label: 'Other' },
] as const;
export const EDUCATION_OPTIONS = [
  { value: 'high_school', label: 'High School, Diploma or GED' },
  { value: 'some_college', label: 'Some College, No Degree' },
  { value: 'undergraduate', label: 'Undergraduate Degree' },
  { value: 'graduate', label: 'Graduate Degree' },
  { value: 'other', label: 'Other' },
] as const;
export const NEWFLOW_HOUSING_TYPES = ['rent', 'own_mortgage', 'own_no_mortgage', 'other'] as const;
export const NEWFLOW_EDUCATION_LEVELS = ['high_school', 'some_college', 'undergraduate', 'graduate', 'other'] as const;

/** The fixed amount of the manual savings split (spec §2): $85.00. */
export const MANUAL_SPLIT_AMOUNT_CENTS = 8_500;
/** Proof of address must be dated within this many days (spec §5, §9). */
export const PROOF_OF_ADDRESS_MAX_AGE_DAYS = 45;
/** The rate-check page submits the step this often (spec §4, §9). */
export const RATE_CHECK_POLL_MS = 5_000;

const ZBlank = (max: number) => z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(max, FIELD_MSG.tooLong(max));
const ZId = z.number({ error: FIELD_MSG.blank }).int().positive(FIELD_MSG.invalid).max(2_147_483_647, FIELD_MSG.invalid);
const ZCentsField = z
  .number({ error: FIELD_MSG.blank })
  .int(FIELD_MSG.invalid)
  .meta({ unit: 'cents' })
  .check(z.nonnegative(FIELD_MSG.invalid), z.lte(9_999_999_999, FIELD_MSG.invalid));

/** job_info (spec §3): annual amounts in cents. → verify_employer, or employer_info for the other-employer id. */
export const ZJobInfoPayload = z.object({
  workflow_status_key: ZKey('job_info'),
  loan_borrower: z.object({
    employer_id: ZId,
    working_time_range: z.enum(NEWFLOW_WORKING_TIMES, { error: FIELD_MSG.blank }),
    annual_income: ZCentsField,
    employment_status: z.enum(EMPLOYMENT_STATUSES, { error: FIELD_MSG.blank }),
    payment_frequency: ZNewflowPaymentFrequency,
    annual_household_income: ZCentsField,
  }),
});

/** employer_info (spec §3): the borrower's employer that is not on the list. → employer_under_review. */
export const ZEmployerInfoPayload = z.object({
  workflow_status_key: ZKey('employer_info'),
  employer: z.object({
    name: ZBlank(120),
    multiple_paycheck: z.enum(MULTIPLE_PAYCHECK_OPTIONS, { error: FIELD_MSG.blank }),
    payroll_service: ZBlank(120),
    work_email: ZEmail,
  }),
  loan_borrower: z.object({
    phone: ZBlank(20),
    first_name: ZBlank(60),
    last_name: ZBlank(60),
    middle_initial: z.string().trim().max(1, FIELD_MSG.tooLong(1)).optional().default(''),
  }),
});

/** personal_info, first sub-step (spec §3). → stays personal_info; the SPA goes to personal_info/rent. */
export const ZPersonalInfoPayload = z.object({
  workflow_status_key: ZKey('personal_info'),
  sub_step: z.literal('personal').optional(),
  loan_borrower: z.object({
    first_name: ZBlank(60),
    middle_initial: z.string().trim().max(1, FIELD_MSG.tooLong(1)).optional().default(''),
    last_name: ZBlank(60),
    phone: ZBlank(20),
    /** YYYY-MM-DD; 'Year must be valid' (1900…this year), 'Unfortunately, you need to be of legal age.' */
    date_of_birth: ZBlank(10),
    driver_license_number: ZBlank(30),
    driver_license_state_id: ZId,
    address: ZBlank(200),
    unit_number: z.string().trim().max(10, FIELD_MSG.tooLong(10)).optional().default(''),
    city: ZBlank(100),
    state_id: ZId,
    zip_code: z
      .string({ error: FIELD_MSG.blank })
      .trim()
      .regex(/^\d{5}$/, FIELD_MSG.invalid),
  }),
});

/** personal_info, housing sub-step (personal_info/rent). → ssn_input. housing_payment (cents) unless own_no_mortgage. */
export const ZHousingPayload = z.object({
  workflow_status_key: ZKey('personal_info'),
  sub_step: z.literal('rent'),
  loan_borrower: z.object({
    housing_type: z.enum(NEWFLOW_HOUSING_TYPES, { error: FIELD_MSG.blank }),
    housing_payment: ZCentsField.nullish(),
    education_level: z.enum(NEWFLOW_EDUCATION_LEVELS, { error: FIELD_MSG.blank }),
  }),
});

/** ssn_input (spec §3). 'SSN is not valid' / 'SSN does not match' / 'has already been taken'. → rate_check. */
export const ZSsnPayload = z.object({
  workflow_status_key: ZKey('ssn_input'),
  loan_borrower: z.object({
    social_security_number: z.string({ error: NEWFLOW_MSG.ssnInvalid }).trim().max(11, NEWFLOW_MSG.ssnInvalid),
    social_security_number_confirmation: z.string().trim().max(11).optional(),
  }),
});

/** rate_check: posted every 5 s; answers rate_check (`pending: true`) while the decision job runs, then select_program, denied or cant_proceed. */
export const ZRateCheckPayload = z.object({ workflow_status_key: ZKey('rate_check') });

/**
 * verify_employer: `skip: true` takes the manual route (→ verify_employer_manual); otherwise the
 * payroll widget connected `account_id`, which the server checks with the provider (→ personal_info).
 */
export const ZVerifyEmployerPayload = z.object({
  workflow_status_key: ZKey('verify_employer'),
  skip: z.boolean().optional(),
  account_id: z.string().trim().min(1).max(2048).optional(),
});

/** verify_employer_manual (spec §3): a pay stub. → personal_info. */
export const ZVerifyEmployerManualPayload = z.object({ workflow_status_key: ZKey('verify_employer_manual'), pay_stub: ZNewflowUpload });

/** The programs the new flow's select_program chooses between. */
export const NEWFLOW_PROGRAMS = ['split_direct_deposit', 'auto_debit'] as const;

/** select_program (spec §3). → split_direct_deposit or verify_bank_account (auto-debit). */
export const ZSelectProgramPayload = z.object({
  workflow_status_key: ZKey('select_program'),
  hasSelectedSplitDirectDeposit: z.boolean({ error: FIELD_MSG.blank }),
});

/**
 * split_direct_deposit: "is the allocation correct?" — the server asks the payroll provider. Correct →
 * verify_bank_account; not correct, failed or no payroll account → split_direct_deposit_manual. `manual:
 * true` goes to the manual page directly.
 */
export const ZSplitDirectDepositPayload = z.object({ workflow_status_key: ZKey('split_direct_deposit'), manual: z.boolean().optional() });

/** split_direct_deposit_manual (spec §3): the screenshot of the $85.00 savings split. → verify_bank_account. */
export const ZSplitDirectDepositManualPayload = z.object({
  workflow_status_key: ZKey('split_direct_deposit_manual'),
  loan_borrower: z.object({ allotment: ZNewflowUpload }),
});

/**
 * verify_bank_account (spec §3 `{ workflow_status_key }`): moves on when a bank account is linked (the
 * existing bank-link widget calls). The manual form (spec §3 accountType, routingNumber, accountNumber,
 * bankStatement) comes along as `manual`. → additional_documents.
 */
export const ZVerifyBankAccountPayload = z.object({
  workflow_status_key: ZKey('verify_bank_account'),
  manual: z
    .object({
      accountType: z.enum(['Checking', 'Savings'], { error: FIELD_MSG.blank }),
      routingNumber: z
        .string({ error: FIELD_MSG.blank })
        .trim()
        .regex(/^\d{9}$/, FIELD_MSG.invalid),
      accountNumber: z
        .string({ error: FIELD_MSG.blank })
        .trim()
        .regex(/^\d{4,17}$/, FIELD_MSG.invalid),
      bankStatement: ZNewflowUpload,
    })
    .optional(),
});

/** What the applicant states about the proof of address (checked by the server, confirmed by the reviewer). */
export const ZProofOfAddressFacts = z.object({
  /** The date printed on the statement or bill. */
  statement_date: ZTypedDate,
  /** The street line and zip printed on it; they must match the personal-info address. */
  address: ZBlank(200),
  zip_code: z
    .string({ error: FIELD_MSG.blank })
    .trim()
    .regex(/^\d{5}$/, FIELD_MSG.invalid),
});

/**
 * additional_documents (spec §3): files keyed driver_license, proof_of_address, selfie_photo, each
 * optional (one upload at a time is fine). Continue is the same post without files: → loan_offer once
 * every required type is stored, else 422 `{ errors: { documents: [documentsMissing] } }`.
 */
export const ZAdditionalDocumentsPayload = z.object({
  workflow_status_key: ZKey('additional_documents'),
  driver_license: ZNewflowUpload.optional(),
  proof_of_address: ZNewflowUpload.optional(),
  proof_of_address_facts: ZProofOfAddressFacts.optional(),
  selfie_photo: ZNewflowUpload.optional(),
});

/** loan_offer (spec §3): the offer chosen — must be one of the offered list (an auto-debit one with the disclosure accepted). → password_creation. */
export const ZLoanOfferPayload = z.object({
  workflow_status_key: ZKey('loan_offer'),
  isAutodebit: z.boolean({ error: FIELD_MSG.blank }),
  /** Cents: the offer's fixed_payment_amount. */
  payment: ZMoneyCents,
  /** Cents: the offer's amount. */
  amount: ZMoneyCents,
  /** Optional: the offer's terms (disambiguates two offers with the same payment and amount). */
  terms: z.number().int().positive().max(600).optional(),
  /**
   * The applicant's consent to the Auto Debit Disclosure: required (true) for an offer of the auto_debit
   * list, where it is the ACH debit authorization of the verified account on file; ignored otherwise.
   */
  auto_debit_disclosure_accepted: z.boolean({ error: NEWFLOW_MSG.autoDebitDisclosureRequired }).optional(),
});

/** password_creation (spec §3). §5 password rules; 'password does not match'; 'This referral code does not exist.' → phone_validation. */
export const ZPasswordCreationPayload = z.object({
  workflow_status_key: ZKey('password_creation'),
  loan_borrower: z.object({ password: z.string({ error: FIELD_MSG.blank }).max(128), password_confirm: z.string({ error: FIELD_MSG.blank }).max(128) }),
  refer_code: z.string().trim().max(40).nullish(),
});

/** phone_validation (spec §3): without code → 201 (code sent); with code → 200 → application_submitted. */
export const ZPhoneValidationPayload = z.object({
  workflow_status_key: ZKey('phone_validation'),
  phone: z.object({ number: ZBlank(30), code: z.string().trim().max(6).optional() }),
});

/** approved: continue to the contract (→ esignature_needed). Signing itself is the e-signature module's POST /api/esignature/sign. */
export const ZApprovedPayload = z.object({ workflow_status_key: ZKey('approved') });

/** denied / dropped: New Loan / Reapply submits the status itself (spec §4). → job_info when the reapply date allows. */
export const ZRestartPayload = z.object({ workflow_status_key: z.enum(['denied', 'dropped']) });

/** Every step payload; the server picks the schema by `workflow_status_key` (and `sub_step` for personal_info). */
export const NEWFLOW_STEP_PAYLOADS = {
  job_info: ZJobInfoPayload,
  employer_info: ZEmployerInfoPayload,
  personal_info: ZPersonalInfoPayload,
  ssn_input: ZSsnPayload,
  rate_check: ZRateCheckPayload,
  verify_employer: ZVerifyEmployerPayload,
  verify_employer_manual: ZVerifyEmployerManualPayload,
  select_program: ZSelectProgramPayload,
  split_direct_deposit: ZSplitDirectDepositPayload,
  split_direct_deposit_manual: ZSplitDirectDepositManualPayload,
  verify_bank_account: ZVerifyBankAccountPayload,
  additional_documents: ZAdditionalDocumentsPayload,
  loan_offer: ZLoanOfferPayload,
  password_creation: ZPasswordCreationPayload,
  phone_validation: ZPhoneValidationPayload,
  approved: ZApprovedPayload,
  denied: ZRestartPayload,
  dropped: ZRestartPayload,
} as const;
export type NewflowPostableStep = keyof typeof NEWFLOW_STEP_PAYLOADS;

/** The envelope the route reads first. */
export const ZStepEnvelope = z.object({ workflow_status_key: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(60) }).loose();

/**
 * Answer of every accepted POST: 200 (201 when phone_validation sent a code). A refused step (not where
 * the application is) is 409 `{ error: NEWFLOW_MSG.stepNotOpen, current_status }`; field errors are 422
 * `{ errors: { field: [msg] } }` with the spec's field names (e.g. `social_security_number`, `refer_code`, `file`).
 */
export const ZStepPostResponse = z.object({
  new_status: ZWorkflowStatus,
  finalized_application: z.boolean(),
  /** rate_check only: true while the decision job has not answered yet. */
  pending: z.boolean().optional(),
  /** phone_validation only: a code was sent. */
  code_sent: z.boolean().optional(),
});
export type TStepPostResponse = z.infer<typeof ZStepPostResponse>;
export const ZStepRefused = z.object({ error: z.string(), current_status: ZWorkflowStatus });

// ── Step data (GET /api/applicationflow/application_step/{step}) ───────────────────────────────

export const ZOption = z.object({ value: z.string(), label: z.string() });

/** employer_info data: the payroll services the form lists before "Other" and "Don't know" (spec §3). */
export const ZEmployerInfoData = z.object({ payroll_services: z.array(z.string()) });
/** The two choices the employer_info form adds after the server's payroll services (spec §3). */
export const PAYROLL_SERVICE_OTHER = 'Other';
export const PAYROLL_SERVICE_DONT_KNOW = "Don't know";

export const ZJobInfoData = z.object({
  loan_borrower: z.object({
    employer_id: z.number().int().nullable(),
    working_time_range: z.string().nullable(),
    annual_income: ZCents.nullable(),
    employment_status: z.string().nullable(),
    payment_frequency: z.string().nullable(),
    annual_household_income: ZCents.nullable(),
  }),
  employment_status_options: z.array(z.string()),
  payment_frequencies: z.array(ZOption),
  working_time_ranges: z.array(z.string()),
  other_employer_id: z.number().int(),
  employer_obj: ZEmployer.nullable(),
});

export const ZPersonalInfoData = z.object({
  loan_borrower: z.object({
    first_name: z.string().nullable(),
    middle_initial: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    driver_license_number_last4: z.string().nullable(),
    driver_license_state_id: z.number().int().nullable(),
    address: z.string().nullable(),
    unit_number: z.string().nullable(),
    city: z.string().nullable(),
    state_id: z.number().int().nullable(),
    zip_code: z.string().nullable(),
    housing_type: z.string().nullable(),
    housing_payment: ZCents.nullable(),
    education_level: z.string().nullable(),
  }),
  housing_types: z.array(ZOption),
  education_levels: z.array(ZOption),
});

/** Rate check: the decision job's state; a decline lists the adverse-action reasons. */
export const ZRateCheckData = z.object({
  state: z.enum(['not_started', 'pending', 'done', 'failed']),
  outcome: z.enum(RATE_CHECK_OUTCOMES).nullable(),
  /** Cents: the largest amount offered (counteroffer: less than asked). */
  approved_amount: ZCents.nullable(),
  adverse_action_reasons: z.array(z.string()),
});

/** The payroll-link providers: the sandbox, or Argyle. */
export const PAYROLL_LINK_PROVIDERS = ['sandbox', 'argyle'] as const;

/** Payroll link (spec §3 Pay distribution: link_item, pay_distribution_config, user_token). */
export const ZPayrollLinkSession = z.object({
  provider: z.enum(PAYROLL_LINK_PROVIDERS),
  /** The widget's session token for this applicant. */
  user_token: z.string(),
  /** The employer's payroll-link id (`argyle_id`), preselected in the widget. */
  link_item: z.string().nullable(),
  /** Only for the split-deposit step: the encrypted allocation the widget proposes (opaque to the SPA). */
  pay_distribution_config: z.string().nullable(),
  /** The real provider's plugin script, or null for the sandbox widget the SPA draws itself. */
  plugin_url: z.string().nullable(),
  sandbox: z.boolean(),
});

export const ZVerifyEmployerData = z.object({
  employer: ZEmployer.nullable(),
  payroll_link: ZPayrollLinkSession.nullable(),
  /** Connected payroll accounts (spec §3 payrolls). */
  payrolls: z.array(z.object({ account_id: z.string(), employer: z.string(), status: z.string() })),
  pay_stub: ZNewflowStoredFile.nullable(),
});

export const ZSelectProgramData = z.object({
  qualified_for_split_direct_deposit: z.boolean(),
  allow_split_auto: z.boolean(),
  /** Percentage points the split-deposit offers take off the rate. */
  discount_percentage: z.number(),
});

export const ZSplitDirectDepositData = z.object({
  qualified_for_split_direct_deposit: z.boolean(),
  allow_split_auto: z.boolean(),
  /** Set when the automatic set-up cannot work (no payroll account, provider without pay distribution): the SPA auto-submits. */
  error: z.string().nullable(),
  payroll_link: ZPayrollLinkSession.nullable(),
  payrolls: z.array(z.object({ account_id: z.string(), employer: z.string(), status: z.string() })),
  /** Cents: the split amount (the scheduled payment for automatic; MANUAL_SPLIT_AMOUNT_CENTS for manual). */
  allocation_amount: ZCents,
  allotment_file: ZNewflowStoredFile.nullable(),
  payroll_portal: z.object({ name: z.string(), url: z.string() }).nullable(),
});

export const ZVerifyBankAccountData = z.object({ bank_information: ZBankInformation.nullable(), linked: z.boolean() });

export const ZAdditionalDocumentsData = z.object({
  required_documents: z.array(z.enum(['driver_license', 'proof_of_address', 'selfie_photo'])),
  uploaded: z.array(z.object({ file_type: z.string(), id: z.number().int(), filename: z.string(), file_extension: z.string() })),
  /** The address proof must match (from personal_info). */
  address: z.object({ address: z.string().nullable(), zip_code: z.string().nullable() }),
  proof_of_address_max_age_days: z.number().int(),
});

/** One loan offer (spec §3); money in cents, rates as 2-decimal strings like the loan terms. */
export const ZLoanOffer = z.object({
  fixed_payment_amount: ZCents,
  term_frequency: z.enum(FREQUENCIES),
  terms_in_months: z.number().int(),
  /** Number of payments. */
  terms: z.number().int(),
  interest_rate: z.string(),
  apr: z.string(),
  fee_amount: ZCents,
  amount: ZCents,
  finance_charge: ZCents,
  total_of_payments: ZCents,
  special: z.boolean(),
});
export type TLoanOffer = z.infer<typeof ZLoanOffer>;

/**
 * The combined counteroffer and adverse-action notice (docs/newflow.md "Counteroffer"): recorded and
 * e-mailed when the rate check offers less than asked; `text` is the notice as sent (plain paragraphs).
 */
export const ZCounterofferNotice = z.object({
  id: z.number().int(),
  /** Cents asked at sign-up. */
  requested_amount: ZCents,
  /** Cents offered (the largest offer is at most this). */
  offered_amount: ZCents,
  /** The principal reasons for offering less (at most 4). */
  reasons: z.array(z.string()),
  credit_score: z.number().int().nullable(),
  bureau_name: z.string().nullable(),
  text: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type TCounterofferNotice = z.infer<typeof ZCounterofferNotice>;

export const ZLoanOfferData = z.object({
  split_direct_deposit: z.array(ZLoanOffer),
  auto_debit: z.array(ZLoanOffer),
  one_times: z.array(ZLoanOffer),
  /** Percentage points lower interest rate of split direct deposit (shown as "lower interest rate"). */
  discount_percentage: z.number(),
  /** The program chosen at select_program. */
  is_split_direct_deposit: z.boolean(),
  /** Set when the offers are a counteroffer (less than asked): the notice with its reasons. Absent/null otherwise. */
  counteroffer: ZCounterofferNotice.nullable().optional(),
});

export const ZPasswordCreationData = z.object({ refer_code: z.string().nullable() });
export const ZPhoneValidationData = z.object({ number: z.string().nullable(), confirmed: z.boolean() });
/** approved: before signing `signed: false` (Continue → esignature_needed); after, money_on_way reads `funded` and the loan. */
export const ZApprovedData = z.object({
  signed: z.boolean(),
  funded: z.boolean(),
  loan_identifier: z.string().nullable(),
  amount: ZCents.nullable(),
});
export const ZStatusPageData = z.object({ adverse_action_reasons: z.array(z.string()), reapply_date: ZReapplyDate.nullable() });

/** Step-specific data by step; steps without their own data answer `data: {}`. */
export const NEWFLOW_STEP_DATA = {
  job_info: ZJobInfoData,
  employer_info: ZEmployerInfoData,
  personal_info: ZPersonalInfoData,
  rate_check: ZRateCheckData,
  verify_employer: ZVerifyEmployerData,
  verify_employer_manual: ZVerifyEmployerData,
  select_program: ZSelectProgramData,
  split_direct_deposit: ZSplitDirectDepositData,
  split_direct_deposit_manual: ZSplitDirectDepositData,
  verify_bank_account: ZVerifyBankAccountData,
  additional_documents: ZAdditionalDocumentsData,
  loan_offer: ZLoanOfferData,
  password_creation: ZPasswordCreationData,
  phone_validation: ZPhoneValidationData,
  approved: ZApprovedData,
  denied: ZStatusPageData,
  dropped: ZStatusPageData,
  cant_proceed: ZStatusPageData,
} as const;

/**
 * GET answer: the base plus `data`, the step's own fields (NEWFLOW_STEP_DATA[step]); `data` is null when
 * the step is neither the current one nor on the navigation stack (then `new_status` says where to go).
 * `{step}` is a step key or its slug (e.g. `checking_rate`, `under_review`).
 */
export const ZStepGetResponse = ZStepBase.extend({ data: z.record(z.string(), z.unknown()).nullable() });
export type TStepGetResponse = z.infer<typeof ZStepGetResponse>;
export const ZStepParams = z.object({ step: z.string().min(1).max(60) });

// ── Payroll-link sandbox widget (mirrors /bank_link/sandbox/authorize) ─────────────────────────

/** GET /api/payroll_link/config */
export const ZPayrollLinkConfig = z.object({ provider: z.enum(PAYROLL_LINK_PROVIDERS), plugin_url: z.string().nullable(), sandbox: z.boolean() });

/** Sandbox test credentials (docs/newflow.md); a real provider never sees these. */
export const PAYROLL_SANDBOX_CREDENTIALS = {
  good: { username: 'test_1', password: 'passgood' },
  noPayDistribution: { username: 'test_2', password: 'passgood' },
  wrongPassword: 'passbad',
  locked: { username: 'test_locked', password: 'passgood' },
} as const;

/** POST /api/payroll_link/sandbox/login: the sandbox widget's log-in (non-production only). */
export const ZPayrollSandboxLoginRequest = z.object({
  user_token: z.string().min(1).max(2048),
  link_item: z.string().max(100).nullable().optional(),
  username: ZBlank(100),
  password: ZBlank(100),
});
export const ZPayrollSandboxLoginResponse = z.object({ account_id: z.string(), employer: z.string() });
/** A refused sandbox log-in: 422 with the provider-style code (`invalid_credentials`, `account_locked`). */
export const ZPayrollSandboxError = z.object({ error_code: z.string(), error_message: z.string() });

/** POST /api/payroll_link/sandbox/pay_distribution: the widget's pay-distribution confirmation (accept or exit). */
export const ZPayrollSandboxDistributionRequest = z.object({
  user_token: z.string().min(1).max(2048),
  account_id: z.string().min(1).max(2048),
  /** The step data's `pay_distribution_config`: the split the widget sets up (the provider reads the amount from it). */
  pay_distribution_config: z.string().min(1).max(2048),
  accept: z.boolean(),
});
export const ZPayrollSandboxDistributionResponse = z.object({
  account_id: z.string(),
  allocation_amount: ZCents,
  status: z.enum(['set', 'declined']),
});

// ── Back office evidence ────────────────────────────────────────────────────────────────────────

/** GET /api/backoffice/applications/{userId}/newflow: what a reviewer checks on a new-flow application. */
export const ZNewflowEvidence = z.object({
  new_flow: z.boolean(),
  loan_request: z.object({
    amount: ZCents.nullable(),
    payment_frequency: z.string().nullable(),
    loan_purpose_name: z.string().nullable(),
    fixed_payment_amount: ZCents.nullable(),
  }),
  rate_check: ZRateCheckData,
  program: z.enum(NEWFLOW_PROGRAMS).nullable(),
  payroll: z.object({
    account_id: z.string().nullable(),
    employer: z.string().nullable(),
    connected_at: z.string().nullable(),
    allocation_requested: ZCents.nullable(),
    allocation_amount: ZCents.nullable(),
    allocation_status: z.string().nullable(),
  }),
  manual_split: z.object({ amount: ZCents, document_id: z.number().int().nullable() }),
  pay_stub_document_id: z.number().int().nullable(),
  proof_of_address: ZProofOfAddressFacts.extend({ document_id: z.number().int().nullable() }).nullable(),
  chosen_offer: ZLoanOffer.extend({ is_autodebit: z.boolean() }).nullable(),
});
export type TNewflowEvidence = z.infer<typeof ZNewflowEvidence>;
