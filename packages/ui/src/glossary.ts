import { LOAN_STATUS_LABELS, PAY_METHOD_LABELS } from '@payrail/contract/servicing-labels';
import type { LoanStatus, PaymentMode, PayMethod } from '@payrail/contract/servicing';

/**
 * The product's words (issue #33): the user-facing names both apps repeat — repayment methods, loan
 * statuses as borrowers see them, pay frequencies, payment modes and the places of the borrower's app —
 * as one map, so the borrower app and the back office say the same thing. Where the spec fixes the words
 * they are the spec's exactly (loan statuses §3, payment method labels, the sidebar); the spec's own form
 * option lists (the classic employer form's three frequencies, the new flow's "Bi-Weekly") stay with their
 * contracts. The lending meaning of each word: ../../shared/GLOSSARY.md.
 */

/** How a loan is repaid. Federal employers' payroll deduction is an allotment; other employers' is a split direct deposit. */
export type RepaymentMethod = 'payroll_allotment' | 'split_direct_deposit' | 'auto_debit' | 'one_times';

/** A payment frequency of a loan (the contract's term frequencies). */
export type PayFrequency = 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';

/** The places of the borrower's app that other screens and messages name. */
export type ProductPlace = 'dashboard' | 'loansAndPayments' | 'personalInformation' | 'payrollDeductions' | 'loanHistory';

export interface Glossary {
  readonly repaymentMethods: Readonly<Record<RepaymentMethod, string>>;
  readonly loanStatuses: Readonly<Record<LoanStatus, string>>;
  readonly payFrequencies: Readonly<Record<PayFrequency, string>>;
  readonly paymentModes: Readonly<Record<PaymentMode, string>>;
  readonly payMethods: Readonly<Record<PayMethod, string>>;
  readonly places: Readonly<Record<ProductPlace, string>>;
}

export const GLOSSARY: Glossary = {
  repaymentMethods: {
    payroll_allotment: 'Payroll allotment',
    split_direct_deposit: 'Split direct deposit',
    // The spec's name ("Auto-Debit ACH", "auto-debit ACH"), in sentence case.
    auto_debit: 'Auto-debit ACH',
    one_times: 'One-time payments',
  },
  // Spec §3: opened shown Active, closed_refinanced Refinanced, closed_paid Finished (the contract's labels, which the server uses too).
  loanStatuses: LOAN_STATUS_LABELS,
  payFrequencies: { weekly: 'Weekly', biweekly: 'Bi-weekly', semimonthly: 'Semi-monthly', monthly: 'Monthly' },
  paymentModes: { one_time: 'One-time', auto_debit: 'Auto-debit', payoff: 'Payoff' },
  // Spec: "Payment method labels: ACH, DebitCard."
  payMethods: PAY_METHOD_LABELS,
  places: {
    dashboard: 'Dashboard',
    loansAndPayments: 'Loans & Payments',
    personalInformation: 'Personal Information',
    payrollDeductions: 'Payroll deductions',
    loanHistory: 'Loan history',
  },
};

/** A pay frequency's label; a frequency the glossary does not know is shown as the server wrote it. */
export function payFrequencyLabel(frequency: string): string {
  return (GLOSSARY.payFrequencies as Readonly<Record<string, string>>)[frequency] ?? frequency;
}
