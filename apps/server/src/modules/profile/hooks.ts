import type { AppContext } from '../../context';
import type { MemberRow } from '../../db/rows';

/** What the profile calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type ProfileHooks = {
  /** The installments paid on the member's opened loan (0 without one), as GET /loans/ongoing_loans shows it (loan-book). */
  openedLoanInstallmentsPaid: (ctx: AppContext, member: MemberRow) => Promise<number>;
};
