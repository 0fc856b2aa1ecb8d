import type { AppContext } from '../../context';

/**
 * What employers reported in the employer portal, as other modules read it (issue #28: a module uses its own
 * repositories only; another module's data comes through the owner's exported functions).
 */

/** Pay dates the loan's employer reported nothing for (a `missing` line of its remittance reconciliation). */
export const payDatesReportedMissing = (ctx: AppContext, loanId: number) => ctx.repos.employerRemittances.reportedMissing(loanId);
