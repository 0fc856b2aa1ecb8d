/**
 * What each workflow status means outside the transition table, as one row of data per status: the
 * page the borrower's SPA shows for it, whether the back-button stack keeps it, where the client goes
 * after a move into it, whether the dashboard opens, and what the loan-terms calls allow. The server
 * and both flows of the SPA read these rows instead of keeping their own status lists.
 */
import { NEWFLOW_ONLY_STATUSES, STATUS_KIND, WORKFLOW_STATUSES, type WorkflowStatus } from './statuses';

/** Which application flow uses a status: the classic one, the new flow (newflow §2), or both. */
export type StatusFlow = 'classic' | 'newflow' | 'both';

/** What the loan-terms calls allow in a status: choose the amount, read the chosen terms, or nothing. */
export type LoanTermsAccess = 'choose' | 'view' | null;

/** The attributes of one status. */
export interface StatusAttributes {
  /** The classic SPA's page (classic-application-flow.md §2); `/` is the home page's status panel. */
  readonly page: string;
  /** The page of a refinancing application when it differs from `page` (a counteroffer on the refinance terms). */
  readonly refinancePage: string;
  /** The page under /application/newflow/ (newflow-and-dashboard.md §2 slug table), null when the new flow has none. */
  readonly newflowSlug: string | null;
  /** Which flow uses the status. */
  readonly flow: StatusFlow;
  /** The back-button stack keeps it: a borrower's page (`step`) that is not off the stack. */
  readonly stack: boolean;
  /** After a move into it the client opens the home page instead of pushing a page (access §4). */
  readonly home: boolean;
  /** The dashboard opens for a new-loan member in it (newflow-and-dashboard.md §6). */
  readonly dashboard: boolean;
  /** The loan-terms calls: choose the amount here, view the chosen terms, or neither. */
  readonly loanTerms: LoanTermsAccess;
}

interface Row {
  readonly page?: string;
  readonly refinancePage?: string;
  readonly slug?: string;
  /** A borrower's page the back button never returns to. */
  readonly offStack?: true;
  readonly home?: true;
  readonly dashboard?: true;
  readonly terms?: 'choose' | 'view';
}

/** The rows as written; the defaults (home page, no slug, on the stack when a step…) fill the rest. */
const ROWS: Readonly<Record<WorkflowStatus, Row>> = {
  email_confirmation: { slug: 'verify_email' },
  about_yourself: { page: '/application/about_yourself' },
  employer: { page: '/application/employer' },
  phone_verification: { page: '/application/phone_verification' },
  // Spec §4: the code-sent view is dropped from the stack, so back from loan terms lands on the phone page.
  phone_code_sent: { page: '/application/phone_verification', offStack: true },
  loan_terms: { page: '/loan_terms', terms: 'choose' },
  loan_amount_changed: { page: '/loan_terms', refinancePage: '/refinance_terms', terms: 'choose' },
  bank_link: { page: '/bank_link', terms: 'view' },
  bank_input: { page: '/application/bank_input', terms: 'view' },
  bank_manual_input: { page: '/application/bank_input', terms: 'view' },
  bank_manually_insert: { page: '/bank_link', terms: 'view' },
  choosing_receiver_account: { page: '/bank_accounts', terms: 'view' },
  documents: { page: '/application/documents', terms: 'view' },
  driver_license_uploaded: { page: '/application/documents', terms: 'view' },
  pay_stub_uploaded: { page: '/application/documents', terms: 'view' },
  proof_of_address_uploaded: { page: '/application/documents', terms: 'view' },
  application_review: { page: '/application/application_review', terms: 'view' },
  document_review: { page: '/application/document_review', terms: 'view' },
  ready_for_review: { dashboard: true, terms: 'view' },
  review_application: { dashboard: true, terms: 'view' },
  feedback_sent: { page: '/feedback', terms: 'view' },
  select_repay_method: { page: '/select_repay_method', terms: 'view' },
  allotment_needed: { page: '/allotment', terms: 'view' },
  review_allotment: { dashboard: true, terms: 'view' },
  debit_card: { page: '/debit_card', terms: 'view' },
  auto_debit_needed: { page: '/auto_debit', terms: 'view' },
  esignature_needed: { page: '/esignature', slug: 'esignature', terms: 'view' },
  application_submitted: { slug: 'under_review', home: true, dashboard: true, terms: 'view' },
  employer_review: { home: true, dashboard: true, terms: 'view' },
  approved: { slug: 'approved', dashboard: true, terms: 'view' },
  declined: { dashboard: true },
  reconsider_declined: { dashboard: true },
  denied: { slug: 'denied', home: true, dashboard: true },
  dropped: { slug: 'dropped', dashboard: true },
  canceled: { dashboard: true },
  // The refinance starts from the home panel; it is never a page to go back to.
  refinancing_application: { offStack: true, dashboard: true },
  refinancing_loan_terms: { page: '/refinance_terms', terms: 'choose' },
  refinancing_review: { page: '/refinance_review', terms: 'view' },
  refinancing_esignature: { page: '/esignature', terms: 'view' },
  job_info: { slug: 'job_info' },
  employer_info: { slug: 'employer_info' },
  employer_under_review: { slug: 'under_review' },
  verify_employer: { slug: 'employment' },
  verify_employer_manual: { slug: 'employment/manual' },
  personal_info: { slug: 'personal_info' },
  ssn_input: { slug: 'ssn' },
  // The rate check is decided by the system: a decision is not undone with the back button.
  rate_check: { slug: 'checking_rate', offStack: true },
  select_program: { slug: 'select_program' },
  split_direct_deposit: { slug: 'split_direct_deposit' },
  split_direct_deposit_manual: { slug: 'split_direct_deposit_manual' },
  verify_bank_account: { slug: 'bank_account' },
  additional_documents: { slug: 'additional_documents' },
  loan_offer: { slug: 'loan_offer' },
  password_creation: { slug: 'password_creation' },
  phone_validation: { slug: 'verify_phone' },
  cant_proceed: { slug: 'cant_proceed' },
};

const NEWFLOW_ONLY: ReadonlySet<WorkflowStatus> = new Set(NEWFLOW_ONLY_STATUSES);

function attributes(status: WorkflowStatus, row: Row): StatusAttributes {
  const page = row.page ?? '/';
  return {
    page,
    refinancePage: row.refinancePage ?? page,
    newflowSlug: row.slug ?? null,
    flow: NEWFLOW_ONLY.has(status) ? 'newflow' : row.slug !== undefined ? 'both' : 'classic',
    stack: STATUS_KIND[status] === 'step' && row.offStack !== true,
    home: row.home === true,
    dashboard: row.dashboard === true,
    loanTerms: row.terms ?? null,
  };
}

/** The attributes of every status. */
export const STATUS_ATTRIBUTES: Readonly<Record<WorkflowStatus, StatusAttributes>> = Object.fromEntries(
  WORKFLOW_STATUSES.map((status) => [status, attributes(status, ROWS[status])]),
) as Record<WorkflowStatus, StatusAttributes>;

/** The statuses whose attributes satisfy `test`, in the order of {@link WORKFLOW_STATUSES}. */
export function statusesWhere(test: (attributes: StatusAttributes, status: WorkflowStatus) => boolean): WorkflowStatus[] {
  return WORKFLOW_STATUSES.filter((status) => test(STATUS_ATTRIBUTES[status], status));
}

/** The attributes of a status read from the wire or the database; undefined for an unknown string. */
export function attributesOf(status: string | null | undefined): StatusAttributes | undefined {
  return status != null && Object.hasOwn(STATUS_ATTRIBUTES, status) ? STATUS_ATTRIBUTES[status as WorkflowStatus] : undefined;
}

/** A status the borrower can come back to with the back button. */
export function isStackable(status: string): boolean {
  return attributesOf(status)?.stack === true;
}

/** After a move into `status` the client opens the home page (submitted, denied, employer review). */
export function landsHome(status: string): boolean {
  return attributesOf(status)?.home === true;
}

/** Where the borrower chooses the amount: the loan-terms page, a counteroffer, the refinance terms. */
export const CHOOSE_TERMS_STATUSES: readonly WorkflowStatus[] = statusesWhere((a) => a.loanTerms === 'choose');

/** Later statuses whose pages show the chosen terms (bank, documents, review, signature, home). */
export const VIEW_TERMS_STATUSES: readonly WorkflowStatus[] = statusesWhere((a) => a.loanTerms === 'view');
