import { canOpenDashboard } from '@payrail/domain/workflow/dashboard-access';
import { NEWFLOW_BREADCRUMB_STEP, NEWFLOW_SLUGS } from '@payrail/contract/newflow-steps';
import type { NewflowStep } from '@payrail/contract/newflow-steps';
// The machine's RESTART_STATUSES are the loan book's application outcomes; read from there, so the app's start
// does not evaluate the workflow machine's transition table (~6 kB) for one list.
import { APPLICATION_OUTCOMES } from '@payrail/domain/loan/statuses';
import { attributesOf } from '@payrail/domain/workflow/status-attributes';
import type { LoanType } from '../lib/session-store';

/**
 * Workflow status → page. Every status's pages are the domain's data (packages/domain/src/workflow/
 * status-attributes.ts): the classic page of classic-application-flow.md §2 (the home page's status
 * panel when the spec lists none), a refinancing counteroffer's refinance terms, and the new flow's
 * slug (newflow-and-dashboard.md §2). The documents step's page, /application/documents, serves
 * documents and the three upload statuses.
 */

/**
 * The page of a status. A new-flow applicant (`newFlow`, or a status only the new flow has) goes to the
 * new-flow page of the status when it has one (§2 slug table); everyone else to the classic page.
 */
export function routeForStatus(status: string | null | undefined, loanType?: LoanType | null, newFlow?: boolean | null): string {
  if (!status) return '/';
  const attributes = attributesOf(status);
  if (newFlow || attributes?.flow === 'newflow') {
    const route = newflowRouteForStatus(status);
    if (route) return route;
  }
  if (!attributes) return '/';
  return loanType === 'refinancing' ? attributes.refinancePage : attributes.page;
}

/**
 * The dashboard's status gate (newflow §6): null when the member may open the dashboard pages (a
 * review-stage status, a refinancing loan type, or a loan), otherwise the route of their status.
 */
export function dashboardRedirect(
  user: { workflow_status?: string | null; loan_type?: LoanType | null; has_loan?: boolean | null; new_flow?: boolean | null } | null,
): string | null {
  const status = user?.workflow_status ?? null;
  const loanType = user?.loan_type ?? null;
  return canOpenDashboard({ status, loanType, hasLoan: user?.has_loan === true }) ? null : routeForStatus(status, loanType, user?.new_flow ?? null);
}
/** Where a refinance starts (POST /refinance): the funded application, or an ended one (e.g. a declined refinance after its date). */
export const REFINANCE_START_STATUSES: readonly string[] = APPLICATION_OUTCOMES;
// ── New flow (newflow-and-dashboard.md §2) ───────────────────────────────────────────────────────

/** Base path of every new-flow screen. */
export const NEWFLOW_BASE = '/application/newflow';
export const NEWFLOW_SIGNIN = `${NEWFLOW_BASE}/signin`;
export const NEWFLOW_SIGNUP = `${NEWFLOW_BASE}/signup`;

/** Step key → route slug: the contract's copy of the spec's table (NEWFLOW_SLUGS). */
export const NEWFLOW_STEP_SLUGS: Readonly<Record<string, string>> = NEWFLOW_SLUGS;

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
