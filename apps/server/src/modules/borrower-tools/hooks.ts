import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../context';

/** What the borrower tools call in the modules after them (lib/hooks.ts; wired in module-hooks.ts). */
export type BorrowerToolsHooks = {
  /** Pay dates the loan's employer reported no deduction for (employer-portal; the repayment tracker's missing days). */
  payDatesReportedMissing: (ctx: AppContext, loanId: number) => Promise<IsoDate[]>;
};
