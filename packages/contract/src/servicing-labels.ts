import type { LoanStatus, PayMethod } from '@payrail/domain/loan/statuses';

/**
 * The servicing labels borrowers read (§3), without the schema library: `@payrail/ui/glossary` shows them on
 * every signed-in page, whose first load carries no zod (docs/architecture.md, "The dashboard's first load").
 * `./servicing` re-exports them.
 */

/** Labels: opened → Active, closed_refinanced → Refinanced, closed_paid → Finished. */
export const LOAN_STATUS_LABELS: Readonly<Record<LoanStatus, string>> = {
  pending: 'Pending',
  opened: 'Active',
  closed_refinanced: 'Refinanced',
  closed_paid: 'Finished',
  default: 'Default',
  charge_off: 'Charge off',
};

/** Labels ACH, DebitCard. */
export const PAY_METHOD_LABELS: Readonly<Record<PayMethod, string>> = { ach: 'ACH', debitcard: 'DebitCard' };
