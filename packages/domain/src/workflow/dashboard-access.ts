/**
 * Who may open the dashboard (newflow-and-dashboard.md §6): "Dashboard is allowed for review-stage
 * statuses (…) or when loan type is refinancing; otherwise the blank route". A borrower with a funded
 * loan keeps the dashboard whatever their application does next (a new application after a payoff
 * still leaves loans to look at).
 */
import { statusesWhere } from './status-attributes';
import type { WorkflowStatus } from './statuses';

/** The statuses of §6 (the `dashboard` attribute of each status). */
export const DASHBOARD_STATUSES: readonly WorkflowStatus[] = statusesWhere((a) => a.dashboard);

const ALLOWED: ReadonlySet<string> = new Set(DASHBOARD_STATUSES);

/** What the gate reads from the session check. */
export interface DashboardFacts {
  /** The member's workflow status (wire name). */
  readonly status: string | null;
  /** `new` or `refinancing`. */
  readonly loanType: string | null;
  /** The member has (or had) a funded loan. */
  readonly hasLoan: boolean;
}

/** True when the dashboard pages may show; otherwise the member goes to the route of their status. */
export function canOpenDashboard(facts: DashboardFacts): boolean {
  if (facts.hasLoan) return true;
  if (facts.loanType === 'refinancing') return true;
  return facts.status !== null && ALLOWED.has(facts.status);
}
