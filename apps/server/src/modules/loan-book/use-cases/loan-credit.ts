import type { AchCredit } from '../../../adapters/ach/port';
import type { BankAccountRow } from '../../banking/repository';

/** The borrower as the bank sees them on a loan's credit or debit: the name on file, else the e-mail, else the loan number. */
export function creditReceiverName(borrower: { firstName: string | null; lastName: string | null; email: string } | undefined, loanIdentifier: string): string {
  return [borrower?.firstName, borrower?.lastName].filter(Boolean).join(' ') || (borrower?.email ?? loanIdentifier);
}

/**
 * The ACH credit of a loan's money to the borrower (the funding's, or a re-disbursement of a returned one):
 * the one place the originator's request is built from the receiving account (its routing number and type;
 * `accountNumber` is its number, opened by the caller), the amount, the receiver's name, the loan number (the
 * entry's individual id), the reserved NACHA trace number and the originator's idempotency key. Throws when
 * the account has no routing number (the callers refuse such an account before they lock the loan).
 */
export function loanCreditRequest(c: {
  account: Pick<BankAccountRow, 'routingNumber' | 'accountType'>;
  accountNumber: string;
  amountCents: number;
  name: string;
  loanIdentifier: string;
  traceNumber: string;
  idempotencyKey: string;
}): AchCredit {
  if (!c.account.routingNumber) throw new Error('loanCreditRequest: the receiving account has no routing number');
  return {
    amountCents: c.amountCents,
    routing: c.account.routingNumber,
    account: c.accountNumber,
    accountType: c.account.accountType ?? 'checking',
    name: c.name,
    individualId: c.loanIdentifier,
    traceNumber: c.traceNumber,
    idempotencyKey: c.idempotencyKey,
  };
}
