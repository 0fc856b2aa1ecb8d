import { z } from 'zod';

import { LOAN_STATUSES } from './servicing.js';
import { ZCents } from './money.js';
import { STAFF_ROLES } from './staff.js';
import { ZWorkflowStatus } from './workflow-status.js';
import { ZIsoDate } from './dates';
import { ZInstallmentRow } from './schedule';
import { DISBURSEMENT_STATUSES } from '@payrail/domain/loan/statuses';

/**
 * Back-office calls under /api/backoffice (staff token in `Authorization`).
 * Roles: queue and detail (read) — underwriter | servicer | admin; review actions, SSN reveal and
 * documents — underwriter | admin; funding and loans — servicer | admin; audit — admin.
 * Money is integer cents; dates `YYYY-MM-DD`; instants ISO 8601.
 */

/** Who acts next; `funding`: approved and signed, waiting for a servicer to fund it (the Ready to fund rule). */
export const WAITING_ON = ['lender', 'borrower', 'funding', 'none'] as const;
export type WaitingOn = (typeof WAITING_ON)[number];

// ── 1. Queue: GET /applications ──────────────────────────────────────────────────────────────────

export const QUEUE_SORTS = ['updated_at', 'created_at', 'status'] as const;
export const SORT_DIRS = ['asc', 'desc'] as const;

// Ages in days: bounded so a huge value cannot build an invalid date (100 years is plenty).
const optionalInt = z.coerce.number().int().nonnegative().max(36_500).optional();

export const ZQueueQuery = z.object({
  status: z.string().max(60).optional(),
  employer_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  state_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  age_days_min: optionalInt,
  age_days_max: optionalInt,
  sort: z.enum(QUEUE_SORTS).optional().default('updated_at'),
  dir: z.enum(SORT_DIRS).optional().default('desc'),
  page: z.coerce.number().int().positive().max(2_147_483_647).optional().default(1),
  per_page: z.coerce.number().int().positive().max(100).optional().default(25),
  /** `true`: approved, signed and not funded yet — the servicer's list (the same rule funding uses). */
  ready_to_fund: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TQueueQuery = z.input<typeof ZQueueQuery>;

export const ZQueueItem = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: ZWorkflowStatus,
  waiting_on: z.enum(WAITING_ON),
  employer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.string().nullable(),
  amount_cents: ZCents.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  age_days: z.number().int(),
});
export type TQueueItem = z.infer<typeof ZQueueItem>;

export const ZQueueResponse = z.object({
  items: z.array(ZQueueItem),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type TQueueResponse = z.infer<typeof ZQueueResponse>;

// ── 2. Detail: GET /applications/:userId ─────────────────────────────────────────────────────────

export const ZBackofficeUserParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZDetailReference = z.object({ first_name: z.string(), last_name: z.string(), relationship: z.string(), phone: z.string() });

/** The housing answers; money as {@link ZCents}, so the back office formats it from the schema. */
export const ZDetailHousing = z.object({ housing_type: z.string().nullable(), housing_payment_cents: ZCents.nullable() });
/** The income answers, in cents. */
export const ZDetailIncome = z.object({ annual_income_cents: ZCents.nullable(), annual_household_income_cents: ZCents.nullable() });

export const ZDetailBorrower = z.object({
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  /** Masked: `***-**-1234`; the full number only through POST …/reveal_ssn. */
  social_security_number: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  phone_confirmed: z.boolean(),
  address: z.string().nullable(),
  unit_number: z.string().nullable(),
  city: z.string().nullable(),
  state: z.object({ id: z.number().int(), abbreviation: z.string(), name: z.string() }).nullable(),
  zip_code: z.string().nullable(),
  housing: ZDetailHousing,
  income: ZDetailIncome,
  employer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  employee_id: z.string().nullable(),
  working_time_range: z.string().nullable(),
  income_source: z.string().nullable(),
  loan_purpose: z.string().nullable(),
  /** Every other field the borrower answered, by wire name (SSN-like values never appear here). */
  other: z.record(z.string(), z.unknown()),
  references: z.array(ZDetailReference),
});
export type TDetailBorrower = z.infer<typeof ZDetailBorrower>;

export const ZDetailBank = z.object({
  bank_name: z.string().nullable(),
  routing_number: z.string().nullable(),
  /** Masked: `****6789`. */
  account_number: z.string().nullable(),
  account_type: z.string().nullable(),
  source: z.string().nullable(),
});

export const ZDetailLoanTerms = z.object({
  amount: ZCents,
  fee_amount: ZCents,
  interest_rate: z.string(),
  apr: z.string().nullable(),
  terms: z.number().int(),
  term_frequency: z.string(),
  payment_per_term: ZCents.nullable(),
  disbursement_date: ZIsoDate.nullable(),
  first_payment_date: ZIsoDate.nullable(),
  negotiated_amount: ZCents.nullable(),
  payment_method: z.string().nullable(),
});

export const ZDetailDocument = z.object({
  id: z.number().int(),
  type: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  /** `/api/backoffice/documents/:id` (staff token; audited). */
  view_url: z.string(),
  uploaded_at: z.string(),
});

export const ZDetailTransition = z.object({
  from: z.string().nullable(),
  to: z.string(),
  event: z.string(),
  actor: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string(),
});

export const ZDetailDecision = z.object({
  id: z.number().int(),
  rule_set_version: z.string(),
  outcome: z.string(),
  reasons: z.array(z.unknown()),
  at: z.string(),
});

export const ZDetailFeedback = z.object({
  id: z.number().int(),
  message: z.string(),
  fields: z.unknown(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});

export const ZDetailMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  at: z.string(),
});

export const ZDetailEsignature = z.object({
  id: z.number().int(),
  signed_at: z.string(),
  document_id: z.number().int().nullable(),
  /** `/api/backoffice/esignatures/:id/pdf` (underwriter | servicer | admin; audited as `view_signed_note`). */
  view_url: z.string().nullable(),
});

export const ZDetailLoan = z.object({ id: z.number().int(), identifier: z.string(), status: z.string(), amount: ZCents, created_at: z.string() });

export const ZApplicationDetail = z.object({
  user_id: z.number().int(),
  status: ZWorkflowStatus,
  waiting_on: z.enum(WAITING_ON),
  created_at: z.string(),
  updated_at: z.string(),
  borrower: ZDetailBorrower,
  bank: ZDetailBank.nullable(),
  loan_terms: ZDetailLoanTerms.nullable(),
  documents: z.array(ZDetailDocument),
  history: z.array(ZDetailTransition),
  decisions: z.array(ZDetailDecision),
  feedback_requests: z.array(ZDetailFeedback),
  messages: z.array(ZDetailMessage),
  esignature: ZDetailEsignature.nullable(),
  loan: ZDetailLoan.nullable(),
  /** The account's servicer flags (PATCH /members/{id}/servicer_flags changes them). */
  servicer_flags: z.object({ has_nelnet: z.boolean(), nelnet_id: z.string().nullable(), has_jack_henry: z.boolean() }),
});
export type TApplicationDetail = z.infer<typeof ZApplicationDetail>;

/** POST /applications/:userId/reveal_ssn (underwriter | admin; audited as `reveal_ssn`). */
export const ZRevealSsnResponse = z.object({ social_security_number: z.string().nullable() });
export type TRevealSsnResponse = z.infer<typeof ZRevealSsnResponse>;

/** GET /documents/:id streams the file (audited as `view_document`). */
export const ZBackofficeDocumentParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ── 3. Funding: POST /applications/:userId/fund (servicer | admin; header Idempotency-Key) ──────

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const ZFundHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().trim().min(8).max(200) });

export { LOAN_STATUSES };
export { DISBURSEMENT_STATUSES };

export const ZInstallment = ZInstallmentRow;
export type TInstallment = z.infer<typeof ZInstallment>;

export const ZDisbursement = z.object({
  id: z.number().int(),
  amount: ZCents,
  trace_id: z.string(),
  status: z.enum(DISBURSEMENT_STATUSES),
  created_at: z.string(),
});

export const ZLoan = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** `####-##-####` */
  identifier: z.string(),
  status: z.enum(LOAN_STATUSES),
  amount: ZCents,
  fee: ZCents,
  interest_rate: z.string(),
  apr: z.string(),
  frequency: z.string(),
  terms: z.number().int(),
  disbursement_date: ZIsoDate,
  first_payment_date: ZIsoDate,
  note_principal: ZCents,
  finance_charge: ZCents,
  total_of_payments: ZCents,
  /** The e-signature record of the signed note (`GET /esignatures/:id/pdf` streams it). */
  signed_note_document_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TLoan = z.infer<typeof ZLoan>;

export const ZFundResponse = z.object({ loan: ZLoan, disbursement: ZDisbursement });
export type TFundResponse = z.infer<typeof ZFundResponse>;

/** GET /loans/:loanId (underwriter | servicer | admin) */
export const ZLoanParams = z.object({ loanId: z.coerce.number().int().positive().max(2_147_483_647) });
/** Whose loan it is: the page is headed by the name and links to the member's application page. */
export const ZLoanBorrower = z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() });
export type TLoanBorrower = z.infer<typeof ZLoanBorrower>;
export const ZLoanDetailResponse = z.object({
  loan: ZLoan,
  borrower: ZLoanBorrower,
  installments: z.array(ZInstallment),
  disbursements: z.array(ZDisbursement),
});
export type TLoanDetailResponse = z.infer<typeof ZLoanDetailResponse>;

// ── 4. Audit: GET /audit (admin) ─────────────────────────────────────────────────────────────────

export const ZAuditQuery = z.object({
  staff_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: z.string().max(60).optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().positive().max(2_147_483_647).optional().default(1),
  per_page: z.coerce.number().int().positive().max(200).optional().default(50),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditItem = z.object({
  id: z.number().int(),
  staff: z.object({ id: z.number().int(), name: z.string(), role: z.enum(STAFF_ROLES) }).nullable(),
  action: z.string(),
  target_user_id: z.number().int().nullable(),
  /** The applicant's name ("First Last") for `target_user_id`; null without a target or before a name was given. */
  target_user_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type TAuditItem = z.infer<typeof ZAuditItem>;

export const ZAuditResponse = z.object({ items: z.array(ZAuditItem), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type TAuditResponse = z.infer<typeof ZAuditResponse>;

/** Every error of these calls: `{ error }` (401 no/borrower token, 403 role, 404, 409 already funded / not fundable). */
export const ZBackofficeError = z.object({ error: z.string() });
