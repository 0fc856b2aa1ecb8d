import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { latestAchAuthorization, memberBankAccount } from '../../banking/accounts-on-file';
import type { AchAuthorizationRow } from '../../banking/repository';
import { formatDate } from '../../esignature/loan-figures';
import type { LoanRow } from '../ledger.repository';
import type { LockedPayrollLoans } from '../payroll-deduction.repository';
import { scheduleOfRecord } from './loan-position';

/** Loans whose payroll deduction an employer-reported change may end: open (or in default), repaid by payroll. */
const SERVICED = new Set<LoanRow['status']>(['opened', 'default']);

/**
 * The borrower's ACH authorization on file that a loan leaving payroll may be auto-debited under: the
 * latest one the borrower gave (POST /auto_debit: account, disclosure, time, IP — as funding uses it for a
 * loan repaid by auto-debit), while its bank account is still on file. None: manual payment.
 */
export async function achAuthorizationOnFile(ctx: AppContext, userId: number): Promise<AchAuthorizationRow | null> {
  const ach = await latestAchAuthorization(ctx, userId);
  if (!ach) return null;
  const account = await memberBankAccount(ctx, userId, ach.bankAccountId);
  return account && account.archivedAt === null && account.accountNumberSealed && account.routingNumber ? ach : null;
}

export type PayrollEnd = {
  loanId: number;
  identifier: string;
  to: 'auto_debit' | 'one_times';
  authorizationId: number | null;
  paymentCents: number;
  last4: string | null;
};

/**
 * Ends the payroll deduction of the locked loans (an employer-reported termination, docs/employer-portal.md):
 * each loan still open and repaid by payroll switches to automatic debit under the borrower's ACH
 * authorization on file (a new auto-debit authorization for the schedule's level payment; the daily run
 * debits each installment due from then on, never one already past), or, without one, to manual payment
 * (the borrower pays on the Payments page, where auto-debit may now be set up). Under the loans' row locks,
 * so it never interleaves with the daily run or a payment on the same loan. The caller notifies.
 */
export async function endPayrollDeduction(
  q: LockedPayrollLoans,
  p: { ach: AchAuthorizationRow | null; last4: string | null; at: Date },
): Promise<PayrollEnd[]> {
  const out: PayrollEnd[] = [];
  for (const loan of q.loans) {
    if (!SERVICED.has(loan.status) || (await q.repayMethod(loan)) !== 'split_direct_deposit') continue;
    const paymentCents = scheduleOfRecord(loan).regularPaymentCents;
    const existing = await q.activeAutoDebit(loan);
    let authorizationId: number | null = existing?.id ?? null;
    if (!existing && p.ach) {
      const created = await q.addAutoDebit({
        loanId: loan.id,
        userId: loan.userId,
        bankAccountId: p.ach.bankAccountId,
        amountCents: paymentCents,
        disclosureDocumentId: p.ach.agreementDocumentId,
        disclosureAcceptedAt: p.ach.authorizedAt,
        ip: p.ach.ip,
        userAgent: p.ach.userAgent,
        createdAt: p.at,
        revokedAt: null,
      });
      authorizationId = created.id;
    }
    const to = authorizationId !== null ? ('auto_debit' as const) : ('one_times' as const);
    await q.setRepayMethod(loan, to, p.at);
    out.push({ loanId: loan.id, identifier: loan.identifier, to, authorizationId, paymentCents, last4: p.last4 });
  }
  return out;
}

/** What the borrower is told when payroll stops deducting a loan (in-app and by e-mail). */
export function payrollEndMessage(end: PayrollEnd, effectiveDate: string): string {
  const amount = formatUsd(cents(end.paymentCents));
  const from = formatDate(effectiveDate);
  return end.to === 'auto_debit'
    ? `Your employer told us your payroll deduction ends on ${from}. From then on, your loan ${end.identifier} payments of ${amount} are debited automatically on their due dates from your bank account${end.last4 ? ` ending in ${end.last4}` : ''}, under the automatic debit authorization you gave us. You can change or cancel this on the Payments page.`
    : `Your employer told us your payroll deduction ends on ${from}. From then on, please pay your loan ${end.identifier} payments of ${amount} yourself by their due dates on the Payments page, or set up automatic payments there so you do not miss one.`;
}
