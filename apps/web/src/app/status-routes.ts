import type { LoanType } from '../lib/session-store';

/**
 * Workflow status → page of the classic flow (classic-application-flow.md §2). Statuses not listed
 * go to the root, which shows the status panel. New-flow statuses go to their slug (below).
 *
 * Beyond the spec's table: the first steps (about_yourself, employer), phone_code_sent and the two
 * review steps go to the "other routes seen" of the same section, whose names match their status, so
 * a borrower in those statuses lands on their step instead of the root. The documents step (3) has no
 * route in the spec's table; its page is /application/documents, for documents and the three upload
 * statuses.
 */
const STATUS_ROUTES: Readonly<Record<string, string>> = {
  about_yourself: '/application/about_yourself',
  employer: '/application/employer',
  phone_code_sent: '/application/phone_verification',
  documents: '/application/documents',
  driver_license_uploaded: '/application/documents',
  pay_stub_uploaded: '/application/documents',
  proof_of_address_uploaded: '/application/documents',
  application_review: '/application/application_review',
  document_review: '/application/document_review',
  loan_terms: '/loan_terms',
  bank_link: '/bank_link',
  bank_manually_insert: '/bank_link',
  bank_input: '/application/bank_input',
  bank_manual_input: '/application/bank_input',
  choosing_receiver_account: '/bank_accounts',
  feedback_sent: '/feedback',
  allotment_needed: '/allotment',
  esignature_needed: '/esignature',
  refinancing_esignature: '/esignature',
  approved: '/',
  refinancing_application: '/',
  refinancing_loan_terms: '/refinance_terms',
  refinancing_review: '/refinance_review',
  debit_card: '/debit_card',
  phone_verification: '/application/phone_verification',
  select_repay_method: '/select_repay_method',
  auto_debit_needed: '/auto_debit',
  application_submitted: '/',
  denied: '/',
  employer_review: '/',
};

/** The documents page's statuses: the step and the upload statuses that keep the borrower on it. */
export const DOCUMENT_STATUSES = ['documents', 'driver_license_uploaded', 'pay_stub_uploaded', 'proof_of_address_uploaded'] as const;

/** Statuses whose "next" move always lands on the root instead of pushing the navigation stack. */
export const ROOT_STATUSES: ReadonlySet<string> = new Set(['application_submitted', 'denied', 'employer_review']);

/**
 * The page of a status. A new-flow applicant (`newFlow`, or a status only the new flow has) goes to the
 * new-flow page of the status when it has one (§2 slug table); everyone else to the classic page.
 */
export function routeForStatus(status: string | null | undefined, loanType?: LoanType | null, newFlow?: boolean | null): string {
  if (!status) return '/';
  if (newFlow || NEWFLOW_ONLY_STATUSES.has(status)) {
    const route = newflowRouteForStatus(status);
    if (route) return route;
  }
  if (status === 'loan_amount_changed') return loanType === 'refinancing' ? '/refinance_terms' : '/loan_terms';
  return STATUS_ROUTES[status] ?? '/';
}

// ── New flow (newflow-and-dashboard.md §2) ───────────────────────────────────────────────────────

/** Base path of every new-flow screen. */
export const NEWFLOW_BASE = '/application/newflow';

/** Step key → route slug, the spec's table verbatim (§2 "New application flow"). */
export const NEWFLOW_STEP_SLUGS: Readonly<Record<string, string>> = {
  additional_documents: 'additional_documents',
  application_submitted: 'under_review',
  employer_under_review: 'under_review',
  approved: 'approved',
  cant_proceed: 'cant_proceed',
  denied: 'denied',
  dropped: 'dropped',
  employer_info: 'employer_info',
  esignature_needed: 'esignature',
  job_info: 'job_info',
  loan_offer: 'loan_offer',
  password_creation: 'password_creation',
  personal_info: 'personal_info',
  phone_validation: 'verify_phone',
  rate_check: 'checking_rate',
  select_program: 'select_program',
  split_direct_deposit_manual: 'split_direct_deposit_manual',
  split_direct_deposit: 'split_direct_deposit',
  ssn_input: 'ssn',
  verify_bank_account: 'bank_account',
  verify_employer: 'employment',
  verify_employer_manual: 'employment/manual',
};

/**
 * Statuses that exist only in the new flow (every key of the table except those the classic flow shares:
 * approved, denied, dropped, esignature_needed, application_submitted). A borrower in one of them is a
 * new-flow applicant whatever the session says.
 */
const SHARED_WITH_CLASSIC = new Set(['approved', 'denied', 'dropped', 'esignature_needed', 'application_submitted']);
export const NEWFLOW_ONLY_STATUSES: ReadonlySet<string> = new Set(Object.keys(NEWFLOW_STEP_SLUGS).filter((key) => !SHARED_WITH_CLASSIC.has(key)));

/** Statuses after the e-signature: the loan is signed and funding; the new flow shows money_on_way. */
const NEWFLOW_AFTER_SIGNATURE: Readonly<Record<string, string>> = { money_on_way: 'money_on_way', funded: 'money_on_way' };

/** The new-flow route of a status (`/application/newflow/<slug>`); null when the status has no new-flow page. */
export function newflowRouteForStatus(status: string | null | undefined): string | null {
  if (!status) return null;
  // "The final path segment of the status page is used as a step key": a slug is accepted as itself.
  const slug = NEWFLOW_STEP_SLUGS[status] ?? NEWFLOW_AFTER_SIGNATURE[status] ?? (Object.values(NEWFLOW_STEP_SLUGS).includes(status) ? status : undefined);
  return slug ? `${NEWFLOW_BASE}/${slug}` : null;
}

/** The step keys whose page is `slug` (a page accepts each of them). */
export function newflowStatusesForSlug(slug: string): string[] {
  return Object.entries(NEWFLOW_STEP_SLUGS)
    .filter(([, value]) => value === slug)
    .map(([key]) => key);
}

/** The step key a slug stands for when the page posts or reads its step (the first key of the table). */
export function newflowStepForSlug(slug: string): string | null {
  return newflowStatusesForSlug(slug)[0] ?? null;
}

/**
 * The 6-step breadcrumb (§2: Loan Information, Job Information, Personal Info, Loan Application, Loan
 * Approval, Contract Signature), 0-based, per route slug. Pages not listed (sign-in, status pages,
 * money_on_way…) have -1: the breadcrumb is hidden there.
 */
export const NEWFLOW_BREADCRUMB_STEP: Readonly<Record<string, number>> = {
  signup: 0,
  partner: 0,
  verify_email: 0,
  job_info: 1,
  employment: 1,
  'employment/manual': 1,
  employer_info: 1,
  personal_info: 2,
  'personal_info/rent': 2,
  ssn: 2,
  verify_phone: 2,
  checking_rate: 3,
  select_program: 3,
  split_direct_deposit: 3,
  split_direct_deposit_manual: 3,
  bank_account: 3,
  'bank_account/manual': 3,
  additional_documents: 3,
  loan_offer: 3,
  password_creation: 3,
  under_review: 4,
  approved: 4,
  esignature: 5,
};

export function newflowBreadcrumbStep(slug: string): number {
  return NEWFLOW_BREADCRUMB_STEP[slug] ?? -1;
}
