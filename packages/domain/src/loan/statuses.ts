import type { WorkflowStatus } from '../workflow/statuses';

/**
 * The loan book's enums, declared once (issue #28): the domain's types, the contract's `z.enum(...)` and
 * the database's `text(..., { enum })` columns are all built from these arrays.
 */

/** Loan statuses of spec §3, in its order 0..5 (labels: opened Active, closed_refinanced Refinanced, closed_paid Finished). */
export const LOAN_STATUSES = ['pending', 'opened', 'closed_refinanced', 'closed_paid', 'default', 'charge_off'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/**
 * Kinds of ledger entries (append-only; balances are derived from them). Payment kinds add money to the
 * loan; `refund` pays unapplied money back. Collections (docs/collections.md): one charge_off entry per
 * component owed on the charge-off day; a payment received after it is a recovery against the charged-off amount.
 */
export const LEDGER_KINDS = [
  'disbursement',
  'scheduled_debit',
  'one_time_payment',
  'payroll_remittance',
  'payoff',
  'reversal',
  'late_fee',
  'waiver',
  'refund',
  'charge_off',
  'recovery',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Life of a transaction (payment request): scheduled → pending (sent to the bank) → settled | returned;
 * scheduled → canceled (by the borrower, only while scheduled).
 */
export const TRANSACTION_STATUSES = ['scheduled', 'pending', 'settled', 'returned', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * A disbursement (the loan's credit to the borrower): pending (written, then sent), settled, or returned by
 * the bank; canceled: never sent (its loan was canceled by staff before the credit went out).
 */
export const DISBURSEMENT_STATUSES = ['pending', 'settled', 'returned', 'canceled'] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];

/** A transaction's kind (spec §3 payment modes). */
export const PAYMENT_MODES = ['one_time', 'auto_debit', 'payoff'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** A transaction's method (spec §3): ach; debitcard is recognised. */
export const PAY_METHODS = ['ach', 'debitcard'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/**
 * How a loan is repaid, as its application chose (`split_direct_deposit`: payroll allotment; `auto_debit`:
 * ACH; `one_times`: borrower-initiated one-time payments); the pricing groups offers by it.
 */
export const REPAYMENT_METHODS = ['split_direct_deposit', 'auto_debit', 'one_times'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];

/** An application's loan type: a first loan, or the refinancing of an open one. */
export const LOAN_TYPES = ['new', 'refinancing'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** How an application ended (`applications.outcome`): the workflow statuses that end one. */
export const APPLICATION_OUTCOMES = ['approved', 'declined', 'denied', 'dropped', 'canceled'] as const satisfies readonly WorkflowStatus[];
export type ApplicationOutcome = (typeof APPLICATION_OUTCOMES)[number];
