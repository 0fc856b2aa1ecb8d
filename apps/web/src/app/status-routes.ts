import { canOpenDashboard } from '@payrail/domain/workflow/dashboard-access';
import { NEWFLOW_BREADCRUMB_STEP, NEWFLOW_SLUGS } from '@payrail/contract/newflow';
import type { NewflowStep } from '@payrail/contract/newflow';
import { NEWFLOW_ONLY_STATUSES } from '@payrail/domain/workflow/statuses';
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
  if (newFlow || NEWFLOW_ONLY.has(status)) {
    const route = newflowRouteForStatus(status);
    if (route) return route;
  }
  if (status === 'loan_amount_changed') return loanType === 'refinancing' ? '/refinance_terms' : '/loan_terms';
  return STATUS_ROUTES[status] ?? '/';
}

/**
 * The dashboard's status gate (newflow §6): null when the member may open the dashboard pages (a
 * review-stage status, a refinancing loan type, or a loan), otherwise the route of their status.
 */
export function dashboardRedirect(user: { workflow_status?: string | null; loan_type?: LoanType | null; has_loan?: boolean | null; new_flow?: boolean | null } | null): string | null {
  const status = user?.workflow_status ?? null;
  const loanType = user?.loan_type ?? null;
  return canOpenDashboard({ status, loanType, hasLoan: user?.has_loan === true }) ? null : routeForStatus(status, loanType, user?.new_flow ?? null);
}
/** Where a refinance starts (POST /refinance): the funded application, or an ended one (e.g. a declined refinance after its date). */
export const REFINANCE_START_STATUSES = ['approved', 'declined', 'denied', 'dropped', 'canceled'] as const;
// ── New flow (newflow-and-dashboard.md §2) ───────────────────────────────────────────────────────

/** Base path of every new-flow screen. */
export const NEWFLOW_BASE = '/application/newflow';

/** Step key → route slug: the contract's copy of the spec's table (NEWFLOW_SLUGS). */
export const NEWFLOW_STEP_SLUGS: Readonly<Record<string, string>> = NEWFLOW_SLUGS;

/** A status only the new flow has (job_info, ssn_input…): its applicant is a new-flow one whatever the session says. */
export const NEWFLOW_ONLY: ReadonlySet<string> = new Set<string>(NEWFLOW_ONLY_STATUSES);

/** The new-flow route of a status (`/application/newflow/<slug>`); null when the status has no new-flow page. */
export function newflowRouteForStatus(status: string | null | undefined): string | null {
  if (!status) return null;
  // "The final path segment of the status page is used as a step key": a slug is accepted as itself.
  const slug = NEWFLOW_STEP_SLUGS[status] ?? (Object.values(NEWFLOW_STEP_SLUGS).includes(status) || status === 'money_on_way' ? status : undefined);
  return slug ? `${NEWFLOW_BASE}/${slug}` : null;
}

/** The step keys whose page is `slug` (the page accepts each of them). */
export function newflowStatusesForSlug(slug: string): string[] {
  return Object.entries(NEWFLOW_STEP_SLUGS)
    .filter(([, value]) => value === slug)
    .map(([key]) => key);
}

/**
 * The 6-step breadcrumb crumb of a route slug, 0-based: the contract's crumb of the slug's step key
 * (NEWFLOW_BREADCRUMB_STEP), the access pages before the first step on "Loan Information", and the
 * sub-step pages on their parent's crumb. -1 (status pages, sign-in, money_on_way) hides it.
 */
const BREADCRUMB_EXTRA: Readonly<Record<string, number>> = { signup: 0, partner: 0, verify_email: 0, 'personal_info/rent': 2, 'bank_account/manual': 3 };
export function newflowBreadcrumbStep(slug: string): number {
  if (slug in BREADCRUMB_EXTRA) return BREADCRUMB_EXTRA[slug] ?? -1;
  const key = newflowStatusesForSlug(slug)[0] as NewflowStep | undefined;
  return key ? NEWFLOW_BREADCRUMB_STEP[key] : -1;
}
