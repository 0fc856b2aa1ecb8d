/**
 * The new-flow contract's plain values (no zod): the payment frequencies of the loan request. `newflow.ts`
 * builds its schemas from these and re-exports them; Check Your Rate imports this module so its first load
 * carries no schema library (docs/architecture.md).
 */

export const NEWFLOW_PAYMENT_FREQUENCIES = ['monthly', 'bi-weekly', 'weekly'] as const;
export const NEWFLOW_PAYMENT_FREQUENCY_LABELS: Readonly<Record<(typeof NEWFLOW_PAYMENT_FREQUENCIES)[number], string>> = { monthly: 'Monthly', 'bi-weekly': 'Bi-Weekly', weekly: 'Weekly' };
