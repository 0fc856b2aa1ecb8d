import { NEWFLOW_BREADCRUMB_STEP, NEWFLOW_STEPS } from '@payrail/contract/newflow-steps';
import type { NewflowStep } from '@payrail/contract/newflow-steps';

const isNewflowStep = (status: string): status is NewflowStep => (NEWFLOW_STEPS as readonly string[]).includes(status);

/**
 * The breadcrumb's completed crumbs as the server's workflow status says (newflow-and-dashboard.md §2): a
 * crumb is complete only when every step key it shows has been passed — the application's current status
 * comes after all of them in the flow's order. The flow does not meet the crumbs in order (the employment
 * check, "Loan Application", comes before Personal Info), so the crumb of the page alone cannot say it.
 * Null (no status, or one the new flow does not know): the breadcrumb's own rule applies.
 */
export function newflowCompletedCrumbs(status: string | null | undefined): ReadonlySet<number> | null {
  if (!status || !isNewflowStep(status)) return null;
  const at = NEWFLOW_STEPS.indexOf(status);
  const crumbs = new Map<number, boolean>();
  NEWFLOW_STEPS.forEach((step, index) => {
    const crumb = NEWFLOW_BREADCRUMB_STEP[step];
    if (crumb < 0) return;
    crumbs.set(crumb, (crumbs.get(crumb) ?? true) && index < at);
  });
  return new Set([...crumbs].filter(([, done]) => done).map(([crumb]) => crumb));
}
