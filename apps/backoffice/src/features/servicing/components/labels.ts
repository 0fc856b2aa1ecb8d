import { GLOSSARY } from '@payrail/ui/glossary';
import type { LedgerKind, LoanStatus } from '@payrail/contract/servicing';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';

export const LEDGER_KIND_LABELS: Readonly<Record<LedgerKind, string>> = {
  disbursement: 'Disbursement',
  scheduled_debit: 'Scheduled debit',
  one_time_payment: 'One-time payment',
  payroll_remittance: 'Payroll remittance',
  payoff: 'Payoff',
  reversal: 'Reversal',
  late_fee: 'Late fee',
  waiver: 'Waiver',
  refund: 'Refund',
  charge_off: 'Charge-off',
  recovery: 'Recovery',
};

/** Entries that are money received from the borrower: the ones a servicer may reverse. */
export const PAYMENT_KINDS: ReadonlySet<LedgerKind> = new Set(['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff']);

export function loanStatusLabel(status: LoanStatus): string {
  return GLOSSARY.loanStatuses[status];
}

export const ACH_STATUS_LABELS: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled',
  pending: 'Sent to the bank',
  settled: 'Settled',
  returned: 'Returned',
  canceled: 'Canceled',
};

export const SCHEDULE_STATE_LABELS: Readonly<Record<string, string>> = { paid: 'Paid', past_due: 'Past due', upcoming: 'Upcoming' };

/** Why a remittance line waits in suspense (the loan book's codes), as a servicer reads it. */
export const SUSPENSE_REASON_LABELS: Readonly<Record<string, string>> = {
  no_loan: 'No loan matches this borrower id',
  ambiguous: 'More than one loan matches this borrower id',
  employer_mismatch: "The employer does not match the loan's employer",
  loan_closed: 'The matched loan is closed',
  before_disbursement: 'Pay date is before the loan was funded',
  already_remitted: 'This pay date was already remitted through the other channel (employer portal or payroll file)',
};

/** A suspense reason's label; a reason without one is shown as the server wrote it. */
export function suspenseReasonLabel(reason: string): string {
  return SUSPENSE_REASON_LABELS[reason] ?? reason;
}

export const REMITTANCE_STATUS_LABELS: Readonly<Record<string, string>> = {
  posted: 'Posted',
  suspense: 'In suspense',
  assigned: 'Assigned',
  rejected: 'Rejected',
};

/** A reversal's or a cancellation's reason, as the server checks it (3 to 500 characters, trimmed). */
export const REASON_RULE = { min: 3, max: 500, message: SERVICING_BO_MSG.reasonRequired } as const;
