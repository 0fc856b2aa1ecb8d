import { canOpenDashboard } from '@payrail/domain/workflow/dashboard-access';
import type { LoanType } from '../lib/session-store';

/**
 * Workflow status → page of the classic flow (classic-application-flow.md §2). Statuses not listed
 * go to the root, which shows the status panel. New-flow step slugs are added with the new flow.
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

export function routeForStatus(status: string | null | undefined, loanType?: LoanType | null): string {
  if (!status) return '/';
  if (status === 'loan_amount_changed') return loanType === 'refinancing' ? '/refinance_terms' : '/loan_terms';
  return STATUS_ROUTES[status] ?? '/';
}

/**
 * The dashboard's status gate (newflow §6): null when the member may open the dashboard pages (a
 * review-stage status, a refinancing loan type, or a loan), otherwise the route of their status.
 */
export function dashboardRedirect(user: { workflow_status?: string | null; loan_type?: LoanType | null; has_loan?: boolean | null } | null): string | null {
  const status = user?.workflow_status ?? null;
  const loanType = user?.loan_type ?? null;
  return canOpenDashboard({ status, loanType, hasLoan: user?.has_loan === true }) ? null : routeForStatus(status, loanType);
}
/** Where a refinance starts (POST /refinance): the funded application, or an ended one (e.g. a declined refinance after its date). */
export const REFINANCE_START_STATUSES = ['approved', 'declined', 'denied', 'dropped', 'canceled'] as const;
