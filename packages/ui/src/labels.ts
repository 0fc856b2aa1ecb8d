import { GLOSSARY, payFrequencyLabel } from './glossary';
import type { PayFrequency, RepaymentMethod } from './glossary';
import type { PaymentMode, PaymentSource } from '@payrail/contract/servicing';

/**
 * The label tables the screens of both SPAs, the back office and the employer portal show (issue #34): one
 * place per word list, read from the product glossary (`./glossary`, the words themselves) so no screen
 * keeps its own copy. Option lists for a select are `optionsOf(TABLE)`.
 */

export { GLOSSARY, payFrequencyLabel };
export type { PayFrequency, RepaymentMethod };

/** A loan's payment frequency as borrowers and staff read it: Weekly, Bi-weekly, Semi-monthly, Monthly. */
export const PAY_FREQUENCY_LABELS: Readonly<Record<PayFrequency, string>> = GLOSSARY.payFrequencies;

/**
 * An employer's payroll frequency as the employer portal and the back office's employer pages say it to
 * payroll staff: Weekly, Every two weeks, Twice a month, Monthly.
 */
export const PAYROLL_FREQUENCY_LABELS: Readonly<Record<PayFrequency, string>> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month',
  monthly: 'Monthly',
};

/** A payroll frequency's label; one the table does not know is shown as the server wrote it. */
export function payrollFrequencyLabel(frequency: string): string {
  return (PAYROLL_FREQUENCY_LABELS as Readonly<Record<string, string>>)[frequency] ?? frequency;
}

/** How a borrower pays (the repayment method): Payroll allotment, Split direct deposit, Auto-debit ACH, One-time payments. */
export const REPAYMENT_METHOD_LABELS: Readonly<Record<RepaymentMethod, string>> = GLOSSARY.repaymentMethods;

/** A payment's mode: One-time, Auto-debit, Payoff. */
export const PAYMENT_MODE_LABELS: Readonly<Record<PaymentMode, string>> = GLOSSARY.paymentModes;

/** A payment mode's label; a mode the table does not know is shown as the server wrote it. */
export function paymentModeLabel(mode: string): string {
  return (PAYMENT_MODE_LABELS as Readonly<Record<string, string>>)[mode] ?? mode;
}

/** Where a payment came from, as the payment history says it. */
export const PAYMENT_SOURCE_LABELS: Readonly<Record<PaymentSource, string>> = {
  one_time: 'One-time payment',
  auto_debit: GLOSSARY.paymentModes.auto_debit,
  payoff: GLOSSARY.paymentModes.payoff,
  payroll_remittance: 'Payroll deduction',
  debit_card: 'Debit card',
};

/** A label table as the options of a select or radio group, in the table's order. */
export function optionsOf<K extends string>(labels: Readonly<Record<K, string>>): { value: K; label: string }[] {
  return (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
}
