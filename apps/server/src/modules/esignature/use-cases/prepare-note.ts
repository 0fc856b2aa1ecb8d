import { ESIGN_MSG } from '@payrail/contract/esignature';
import { REFINANCE_MSG } from '@payrail/contract/refinance';
import type { IsoDate } from '@payrail/domain/dates';
import { itemizeAmountFinanced } from '@payrail/domain/loan/itemization';
import type { SignedLoanFigures } from '../../../db/schema/esignature';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import { defaultLoanTermsSource, type ChosenLoan, type LoanTermsSource } from '../loan-terms-source';
import { loanFigures, type LoanFigures } from '../loan-figures';
import { findBorrower } from '../../identity/members';
import { activeApplication } from '../../application/applications';

/** The member's full name as it is signed: first and last name from the profile. */
export async function fullNameOf(ctx: AppContext, userId: number): Promise<string> {
  const borrower = await findBorrower(ctx, userId);
  return [borrower?.firstName, borrower?.lastName]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * A refinance's existing loan and its payoff, quoted as the funding will pay it (fund-application's
 * `refinancePayoff`): for the new loan's disbursement date, or the business date once that has passed.
 * Undefined for a new loan (or when the loan it names is no longer open).
 */
async function refinancePayoffOf(ctx: AppContext, userId: number, disbursementDate: string): Promise<SignedLoanFigures['refinance_payoff']> {
  const application = await activeApplication(ctx, userId);
  if (application?.loanType !== 'refinancing' || application.refinancesLoanId === null) return undefined;
  const old = await ctx.hooks.esignature.bookLoan(ctx, application.refinancesLoanId);
  if (!old || old.status !== 'opened') return undefined;
  const today = await businessToday(ctx);
  const payoffDate = (disbursementDate > today ? disbursementDate : today) as IsoDate;
  const payoffCents = await ctx.hooks.esignature.loanPayoff(ctx, old, payoffDate);
  return { loan_number: old.identifier, payoff_cents: payoffCents, payoff_date: payoffDate };
}

/**
 * The figures of the note a member signs: the engine's figures of the chosen loan and, for a refinance,
 * the existing loan's payoff itemized in the amount financed. A payoff the amount financed does not
 * cover is refused (409), as funding would refuse it.
 */
export async function noteFigures(ctx: AppContext, userId: number, loan: ChosenLoan): Promise<LoanFigures> {
  const payoff = await refinancePayoffOf(ctx, userId, loan.terms.disbursementDate);
  const figures = loanFigures(loan, payoff);
  if (payoff) {
    try {
      itemizeAmountFinanced(
        { amountFinancedCents: figures.figures.amount_financed_cents, prepaidFinanceChargeCents: figures.figures.fee_cents },
        { loanNumber: payoff.loan_number, payoffCents: payoff.payoff_cents },
      );
    } catch (e) {
      if (e instanceof RangeError) throw new AppError('conflict', REFINANCE_MSG.doesNotCoverPayoff);
      throw e;
    }
  }
  return figures;
}

/** Everything a note is drawn from: the name, the engine's figures for the chosen terms. */
export async function prepareNote(ctx: AppContext, userId: number, source: LoanTermsSource = defaultLoanTermsSource) {
  const fullName = await fullNameOf(ctx, userId);
  if (!fullName) throw new AppError('validation', ESIGN_MSG.noFullName);
  return { fullName, ...(await noteFigures(ctx, userId, await source.chosenLoan(ctx, userId))) };
}
