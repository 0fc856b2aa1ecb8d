import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPayoffLetterDebit, TPayoffLetterResponse } from '@payrail/contract/borrower-tools';
import type { TStaffMember } from '@payrail/contract/staff';
import { isIsoDate, parseIsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import { payoffLetterFigures } from '@payrail/domain/servicing/payoff-letter';
import type { DebitEffect } from '@payrail/domain/servicing/payoff-letter';
import type { AppContext } from '../../../context';
import { findLoan, ledgerOf } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import { COMPANY } from '../../../db/seed-data/company';
import { formatDate } from '../../esignature/loan-figures';
import { fullNameOf } from '../../esignature/use-cases/prepare-note';
import type { MemberRow } from '../../../db/rows';
import type { LoanRow } from '../../loan-book/repository';
import { businessToday } from '../../../lib/business-clock';
import { contractOf, ownLoan, toDomainEntry } from '../../loan-book/use-cases/loan-position';
import { paymentErrors } from '../../loan-book/use-cases/request-payment';
import { renderPayoffLetter } from '../payoff-letter-pdf';

/** Statuses a payoff letter is issued for: the loan still owes money. */
const LETTER_STATUSES: readonly LoanRow['status'][] = ['opened', 'default'];

export const PAYOFF_LETTER_MSG = {
  loanClosed: 'This loan is closed: there is nothing to pay off.',
} as const;

function explain(e: DebitEffect): string {
  const what = `${formatUsd(e.debit.amountCents)} debit ${e.debit.status === 'pending' ? 'sent' : 'scheduled'} on ${formatDate(e.debit.date)}`;
  if (e.effect === 'lowers')
    return `The ${what} is not counted: once collected, the payoff amount falls by ${formatUsd(e.changeCents)} to ${formatUsd(e.payoffIfCents)}.`;
  if (e.effect === 'raises')
    return `The ${what} is counted as paid: if your bank returns it, the payoff amount rises by ${formatUsd(e.changeCents)} to ${formatUsd(e.payoffIfCents)}.`;
  return `The ${what} comes after the good-through date and does not change this amount: cancel it once the loan is paid off, or it will be refunded to you.`;
}

/** The letter of a loan good through `date` (a valid date, not before servicing's today). */
export async function payoffLetterOf(ctx: AppContext, loan: LoanRow, date: string): Promise<TPayoffLetterResponse> {
  if (!isIsoDate(date)) throw paymentErrors([PAYMENT_MSG.payoffDateInvalid], 'bad_request');
  const today = await businessToday(ctx);
  if (date < today) throw paymentErrors([PAYMENT_MSG.payoffDateInPast], 'bad_request');
  if (!LETTER_STATUSES.includes(loan.status))
    throw new AppError('conflict', PAYOFF_LETTER_MSG.loanClosed, { extra: { error_messages: [PAYOFF_LETTER_MSG.loanClosed] } });
  const [{ schedule }, entries, debits, name] = await Promise.all([
    contractOf(ctx, loan),
    ledgerOf(ctx, loan.id),
    ctx.repos.borrowerTools.openDebits(loan.id),
    fullNameOf(ctx, loan.userId),
  ]);
  const goodThrough = parseIsoDate(date) < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : parseIsoDate(date);
  const figures = payoffLetterFigures(
    schedule,
    entries.map(toDomainEntry),
    debits.map((d) => ({
      id: d.id,
      status: d.status as 'scheduled' | 'pending',
      date: d.scheduledDate,
      amountCents: cents(d.amountCents),
      ledgerEntryId: d.ledgerEntryId,
    })),
    goodThrough,
  );
  const { collectionAccount } = ctx.config;
  return {
    loan_id: loan.id,
    loan_number: loan.identifier,
    borrower_name: name,
    letter_date: today,
    good_through: figures.goodThrough,
    payoff_amount: figures.payoffCents,
    principal: figures.principalCents,
    interest: figures.interestCents,
    fees: figures.feesCents,
    per_diem: figures.perDiemCents,
    pending_debits: figures.debits.map((e): TPayoffLetterDebit => ({
      id: e.debit.id,
      status: e.debit.status,
      date: e.debit.date,
      amount: e.debit.amountCents,
      effect: e.effect,
      change: e.changeCents,
      payoff_if: e.payoffIfCents,
      explanation: explain(e),
    })),
    send_funds: {
      online: `Sign in to ${COMPANY.brand_name}, open Loans & Payments and choose "Payoff": the amount is set for the date you pick (ACH from your bank account or a debit card).`,
      wire: {
        bank_name: COMPANY.bank_name,
        routing_number: collectionAccount.routingNumber,
        account_number: collectionAccount.accountNumber,
        account_name: `${COMPANY.legal_name} Loan Payments`,
        reference: `Loan ${loan.identifier} payoff`,
      },
      mail: {
        payee: COMPANY.legal_name,
        address_lines: [
          `${COMPANY.legal_name}, Loan Payments`,
          COMPANY.address.line1,
          COMPANY.address.line2,
          `${COMPANY.address.city}, ${COMPANY.address.state} ${COMPANY.address.postal_code}`,
        ],
        memo: `Loan ${loan.identifier} payoff`,
      },
    },
  };
}

/** GET /loans/{loanId}/payoff_letter/{date}: the borrower's own loan only (another member's is 404). */
export async function borrowerPayoffLetter(ctx: AppContext, member: MemberRow, loanId: number, date: string): Promise<TPayoffLetterResponse> {
  return payoffLetterOf(ctx, await ownLoan(ctx, member.id, loanId), date);
}

/** The letter as a PDF, with its file name. */
export async function payoffLetterPdf(ctx: AppContext, letter: TPayoffLetterResponse): Promise<{ fileName: string; bytes: Uint8Array }> {
  const bytes = await renderPayoffLetter(letter, ctx.now());
  return { fileName: `payoff-letter-${letter.loan_number || String(letter.loan_id)}-${letter.good_through}.pdf`, bytes };
}

/**
 * GET /api/backoffice/loans/{loanId}/payoff_letter/{date}/pdf: staff issue the same letter. Audited
 * (`payoff_letter_issued`), and the borrower is told a letter was prepared.
 */
export async function staffPayoffLetter(ctx: AppContext, staff: TStaffMember, loanId: number, date: string) {
  const loan = await findLoan(ctx, loanId);
  if (!loan) throw AppError.notFound(PAYMENT_MSG.loanNotFound);
  const letter = await payoffLetterOf(ctx, loan, date);
  const pdf = await payoffLetterPdf(ctx, letter);
  await ctx.repos.borrowerTools.auditAndNotify(
    {
      staffUserId: staff.id,
      action: 'payoff_letter_issued',
      targetUserId: loan.userId,
      before: {},
      after: { loan_id: loan.id, good_through: letter.good_through, payoff_cents: letter.payoff_amount },
      at: ctx.now(),
    },
    {
      userId: loan.userId,
      message: `We prepared a payoff letter for loan ${loan.identifier}: ${formatUsd(cents(letter.payoff_amount))} pays it off through ${formatDate(letter.good_through)}.`,
    },
  );
  return pdf;
}
