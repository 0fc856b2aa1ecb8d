/**
 * The new-flow contract's plain values (no zod): the payment frequencies of the loan request. `newflow.ts`
 * builds its schemas from these and re-exports them; Check Your Rate imports this module so its first load
 * carries no schema library (docs/architecture.md).
 */

export const NEWFLOW_PAYMENT_FREQUENCIES = ['monthly', 'bi-weekly', 'weekly'] as const;
export const NEWFLOW_PAYMENT_FREQUENCY_LABELS: Readonly<Record<(typeof NEWFLOW_PAYMENT_FREQUENCIES)[number], string>> = {
  monthly: 'Monthly',
  'bi-weekly': 'Bi-Weekly',
  weekly: 'Weekly',
};

/**
 * What Check Your Rate lets a visitor ask for, in cents: the product's smallest loan to its largest program
 * cap (the default underwriting rule set's `minLoanCents` and `programCapsCents`; a contract test keeps them
 * equal). Asking for more than any program lends only ever produced a counteroffer.
 */
export const NEWFLOW_LOAN_REQUEST_RANGE_CENTS = { min: 500_00, max: 10_000_00 } as const;
/** The message for an amount outside that range or not in whole dollars. */
export const NEWFLOW_LOAN_REQUEST_RANGE_MSG = 'Enter a whole amount from $500 to $10,000.';
