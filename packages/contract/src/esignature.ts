import { REPAYMENT_METHODS } from '@payrail/domain/loan/statuses';
import { z } from 'zod';
import { ZWorkflowStatus } from './workflow-status';
import { FIELD_MSG } from './messages';
import { ZCents } from './money';
import { ZIsoDate } from './dates';

/**
 * E-signature (classic flow §2 E-signature, §4, §5, §7): the loan terms to review, the agreements to
 * sign, the member's promissory note (unsigned, then signed) and the signing itself.
 */

export const ESIGN_MSG = {
  /** The typed signature is not the member's full name. */
  nameMismatch: 'must match your full name',
  noFullName: 'We need your first and last name before you can sign. Please complete About Yourself.',
  notFound: 'Document not found',
} as const;

/** One scheduled payment (money in cents). */
export const ZSchedulePayment = z.object({
  n: z.number().int(),
  due_date: ZIsoDate,
  payment_cents: ZCents,
  principal_cents: ZCents,
  interest_cents: ZCents,
  balance_cents: ZCents,
});

/** The loan terms the borrower signs: the engine's figures, money in cents, APR as disclosed (2 decimals). */
export const ZEsignLoanTerms = z.object({
  amount_cents: ZCents,
  fee_cents: ZCents,
  fee_label: z.string(),
  fee_financed: z.boolean(),
  interest_rate: z.string(),
  apr: z.string(),
  finance_charge_cents: ZCents,
  amount_financed_cents: ZCents,
  total_of_payments_cents: ZCents,
  payment_per_term_cents: ZCents,
  number_of_payments: z.number().int(),
  term_frequency: z.string(),
  disbursement_date: ZIsoDate,
  first_payment_date: ZIsoDate,
  /** A refinance: the existing loan paid off from the proceeds (its number, the payoff for the funding date); the rest of the amount financed is paid to the borrower. */
  refinance_payoff: z.object({ loan_number: z.string(), payoff_cents: ZCents, payoff_date: ZIsoDate }).optional(),
  schedule: z.array(ZSchedulePayment),
  /** Where the terms came from: the member's application, or the loan-terms quote of the program in force while it has none. */
  source: z.enum(['application', 'pricing_program']),
  /** The repay method the terms are priced for (null while none is chosen): the price changes with it. */
  payment_method: z.enum(REPAYMENT_METHODS).nullable().optional(),
});
export type TEsignLoanTerms = z.infer<typeof ZEsignLoanTerms>;

/** An agreement to sign; `file_url` is the member's copy (`/api/borrower_agreement_documents/{id}`, needs the token). */
export const ZEsignAgreement = z.object({ id: z.number().int(), name: z.string(), title: z.string(), file_url: z.string(), accepted: z.boolean() });

/** GET /esignature. */
export const ZEsignatureResponse = z.object({
  workflow_status: ZWorkflowStatus,
  loan_terms: ZEsignLoanTerms,
  /** The promissory note first, then the partner authorization (b2b employers), the consents and the state's eligibility terms. */
  agreements: z.array(ZEsignAgreement),
  signature: z.object({ full_name: z.string(), font_size: z.number().int() }),
  /** The newest signed note, once signed. */
  signed: z.object({ signed_at: z.string(), sha256: z.string() }).nullable(),
});
export type TEsignatureResponse = z.infer<typeof ZEsignatureResponse>;

/** GET /borrower_agreement_documents/{id} and POST /agreements' id. */
export const ZAgreementIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /borrower_agreement_documents?agreement={name} (&state= for the eligibility consent). */
export const ZBorrowerAgreementQuery = z.object({
  agreement: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(100),
  state: z.string().max(20).optional(),
});

/** POST /agreements. */
export const ZAgreementsRequest = z.object({ agreements: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) });

export const ZAgreementRecorded = z.object({ ok: z.literal(true), agreement: z.object({ id: z.number().int(), name: z.string(), accepted_at: z.string() }) });

/** POST /esignature/sign. */
export const ZSignRequest = z.object({ signature_name: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(200) });
export const ZSignResponse = z.object({
  new_status: ZWorkflowStatus,
  workflow_status: z.object({ next_status: ZWorkflowStatus }),
  document: z.object({ id: z.number().int(), file_url: z.string(), sha256: z.string(), signed_at: z.string() }),
});
