import { LOAN_STATUS_LABELS } from '@payrail/contract/servicing';
import type { LedgerKind, LoanStatus } from '@payrail/contract/servicing';

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
};

/** Entries that are money received from the borrower: the ones a servicer may reverse. */
export const PAYMENT_KINDS: ReadonlySet<LedgerKind> = new Set(['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff']);

export function loanStatusLabel(status: LoanStatus): string {
  return LOAN_STATUS_LABELS[status];
}

export const ACH_STATUS_LABELS: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled',
  pending: 'Sent to the bank',
  settled: 'Settled',
  returned: 'Returned',
  canceled: 'Canceled',
};

export const SCHEDULE_STATE_LABELS: Readonly<Record<string, string>> = { paid: 'Paid', past_due: 'Past due', upcoming: 'Upcoming' };

export const REMITTANCE_STATUS_LABELS: Readonly<Record<string, string>> = { posted: 'Posted', suspense: 'In suspense', assigned: 'Assigned', rejected: 'Rejected' };

export const MODE_LABELS: Readonly<Record<string, string>> = { one_time: 'One-time', auto_debit: 'Auto-debit', payoff: 'Payoff' };
