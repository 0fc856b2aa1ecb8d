/**
 * Workflow statuses of an application member (classic-application-flow.md §4), as data.
 *
 * A status is both "where the application is" and "which page the borrower sees". The kind says who
 * acts next: the borrower on a `step`, Payrail on a `review`, nobody on a `final` status (only a new
 * application or a reviewer's reconsideration leaves it).
 */

/** The pages only the new flow has, in the order an application meets them. */
const NEWFLOW_ONLY_STEPS = [
  'job_info',
  'employer_info',
  'employer_under_review',
  'verify_employer',
  'verify_employer_manual',
  'personal_info',
  'ssn_input',
  'rate_check',
  'select_program',
  'split_direct_deposit',
  'split_direct_deposit_manual',
  'verify_bank_account',
  'additional_documents',
  'loan_offer',
  'password_creation',
  'phone_validation',
] as const;

/** The statuses only the new flow uses, in the order an application meets them. */
export const NEWFLOW_ONLY_STATUSES = [...NEWFLOW_ONLY_STEPS, 'cant_proceed'] as const;

/**
 * The step keys of the new flow (newflow-and-dashboard.md §2 slug table), in the order an application
 * meets them: the e-mail confirmation, its own pages, then the outcomes it shares with the classic flow.
 */
export const NEWFLOW_STATUSES = [
  'email_confirmation',
  ...NEWFLOW_ONLY_STEPS,
  'application_submitted',
  'approved',
  'esignature_needed',
  'cant_proceed',
  'denied',
  'dropped',
] as const;

/** A step key of the new flow. */
export type NewflowStatus = (typeof NEWFLOW_STATUSES)[number];

/** Every status: the classic ones in the order an application usually meets them, then the new flow's. */
export const WORKFLOW_STATUSES = [
  'email_confirmation',
  'about_yourself',
  'employer',
  'phone_verification',
  'phone_code_sent',
  'loan_terms',
  'loan_amount_changed',
  'bank_link',
  'bank_input',
  'bank_manual_input',
  'bank_manually_insert',
  'choosing_receiver_account',
  'documents',
  'driver_license_uploaded',
  'pay_stub_uploaded',
  'proof_of_address_uploaded',
  'application_review',
  'document_review',
  'ready_for_review',
  'review_application',
  'feedback_sent',
  'select_repay_method',
  'allotment_needed',
  'review_allotment',
  'debit_card',
  'auto_debit_needed',
  'esignature_needed',
  'application_submitted',
  'employer_review',
  'approved',
  'declined',
  'reconsider_declined',
  'denied',
  'dropped',
  'canceled',
  'refinancing_application',
  'refinancing_loan_terms',
  'refinancing_review',
  'refinancing_esignature',
  // The new-flow application (newflow-and-dashboard.md §2 slug table); it shares the statuses above
  // where the slug table names them (email_confirmation, application_submitted, approved,
  // esignature_needed, denied, dropped).
  ...NEWFLOW_ONLY_STATUSES,
] as const;

/** A workflow status (wire name). */
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** Who acts next in a status: the borrower, Payrail's reviewers, or nobody (the application ended). */
export type StatusKind = 'entry' | 'step' | 'review' | 'final';

/** The kind of every status. */
export const STATUS_KIND: Readonly<Record<WorkflowStatus, StatusKind>> = {
  email_confirmation: 'entry',
  about_yourself: 'step',
  employer: 'step',
  phone_verification: 'step',
  phone_code_sent: 'step',
  loan_terms: 'step',
  loan_amount_changed: 'step',
  bank_link: 'step',
  bank_input: 'step',
  bank_manual_input: 'step',
  bank_manually_insert: 'step',
  choosing_receiver_account: 'step',
  documents: 'step',
  driver_license_uploaded: 'step',
  pay_stub_uploaded: 'step',
  proof_of_address_uploaded: 'step',
  application_review: 'step',
  document_review: 'step',
  ready_for_review: 'review',
  review_application: 'review',
  feedback_sent: 'step',
  select_repay_method: 'step',
  allotment_needed: 'step',
  review_allotment: 'review',
  debit_card: 'step',
  auto_debit_needed: 'step',
  esignature_needed: 'step',
  application_submitted: 'review',
  employer_review: 'review',
  approved: 'final',
  declined: 'final',
  reconsider_declined: 'review',
  denied: 'final',
  dropped: 'final',
  canceled: 'final',
  refinancing_application: 'step',
  refinancing_loan_terms: 'step',
  refinancing_review: 'step',
  refinancing_esignature: 'step',
  job_info: 'step',
  employer_info: 'step',
  employer_under_review: 'review',
  verify_employer: 'step',
  verify_employer_manual: 'step',
  personal_info: 'step',
  ssn_input: 'step',
  rate_check: 'step',
  select_program: 'step',
  split_direct_deposit: 'step',
  split_direct_deposit_manual: 'step',
  verify_bank_account: 'step',
  additional_documents: 'step',
  loan_offer: 'step',
  password_creation: 'step',
  phone_validation: 'step',
  cant_proceed: 'final',
};

/** The status a new e-mail sign-up starts in. */
export const INITIAL_STATUS: WorkflowStatus = 'email_confirmation';

/** The uploads that refine `documents` while the borrower stays on the documents page. */
export const DOCUMENT_STATUSES: readonly WorkflowStatus[] = ['documents', 'driver_license_uploaded', 'pay_stub_uploaded', 'proof_of_address_uploaded'];

const KNOWN: ReadonlySet<string> = new Set(WORKFLOW_STATUSES);

/** Narrows a string (from the wire or the database) to a known status. */
export function isWorkflowStatus(value: string): value is WorkflowStatus {
  return KNOWN.has(value);
}

/** The first page of a new-flow application after the e-mail is confirmed (access §4). */
export const NEWFLOW_FIRST_STEP: WorkflowStatus = 'job_info';

/** Where a new account starts: a confirmed e-mail (social sign-up) skips the confirmation step. */
export function initialStatus(emailConfirmed: boolean): WorkflowStatus {
  return emailConfirmed ? 'about_yourself' : INITIAL_STATUS;
}
