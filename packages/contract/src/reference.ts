import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { z } from 'zod';

/** GET /api/states */
export const ZState = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string().length(2),
  is_available: z.boolean(),
});
export type TState = z.infer<typeof ZState>;

/** GET /api/loan_purposes */
export const ZLoanPurpose = z.object({ id: z.number().int(), name: z.string() });
export type TLoanPurpose = z.infer<typeof ZLoanPurpose>;

export const PAYMENT_TYPES = ['allotment', 'split_direct_deposit'] as const;
export const EMPLOYER_TYPES = ['federal', 'postal', 'private', 'state_local'] as const;
export const PAY_FREQUENCIES = FREQUENCIES;

/** GET /api/employers?search= and GET /api/employers/{id} */
export const ZEmployer = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_link: z.string(),
  employer_type: z.enum(EMPLOYER_TYPES),
  partnership: z.enum(['b2b_partner']).nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  pay_frequency: z.enum(PAY_FREQUENCIES),
  payroll_portal: z.object({ name: z.string(), url: z.string() }).nullable(),
  pay_stub_help: z.string(),
  video_url: z.string().nullable(),
  argyle_id: z.string().nullable(),
  multiple_paycheck: z.boolean(),
  payroll_service: z.string().nullable(),
  is_other: z.boolean(),
});
export type TEmployer = z.infer<typeof ZEmployer>;

/** Minimum characters before the employer search answers anything (spec §9). */
export const EMPLOYER_SEARCH_MIN = 3;
/** Employer search waits this long after the last key before it asks the server (spec: debounce 500 ms). */
export const EMPLOYER_SEARCH_DEBOUNCE_MS = 500;

export const ZEmployerSearchQuery = z.object({ search: z.string().trim().max(100).optional().default('') });
export const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Wire names of the agreement documents (spec spelling kept: `consent_eletronic_comunications`). */
export const AGREEMENT_NAMES = [
  'privacy_notice',
  'consent_eletronic_comunications',
  'consent_text_messaging',
  'auto_debit_disclosure',
  'terms_of_use',
  'promissory_note_terms',
  'partner_payroll_authorization',
  'credit_pull_authorization',
  'debit_card_authorization',
  'consent_for_loan_eligibility',
] as const;
export type AgreementName = (typeof AGREEMENT_NAMES)[number];

export const ZAgreementDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  version: z.string(),
  state_abbreviation: z.string().nullable(),
  file_url: z.string(),
  pdf_url: z.string(),
});
export type TAgreementDocument = z.infer<typeof ZAgreementDocument>;

/** GET /api/agreement_document answers the document with its readable body. */
export const ZAgreementDocumentWithBody = ZAgreementDocument.extend({ body_html: z.string() });
export type TAgreementDocumentWithBody = z.infer<typeof ZAgreementDocumentWithBody>;

/** `state` may be the state's id or its two-letter abbreviation. */
const ZStateParam = z.string().trim().max(20).optional();

export const ZAgreementDocumentQuery = z.object({
  agreement: z.enum(AGREEMENT_NAMES, { error: 'is not included in the list' }),
  state: ZStateParam,
});
export const ZAgreementDocumentsQuery = z.object({
  document_type_name: z.enum(AGREEMENT_NAMES, { error: 'is not included in the list' }),
  state: ZStateParam,
});
export const ZLoanEligibilityQuery = z.object({ state: z.string({ error: "can't be blank" }).trim().min(1, "can't be blank").max(20) });
