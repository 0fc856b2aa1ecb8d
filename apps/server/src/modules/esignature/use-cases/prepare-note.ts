import { ESIGN_MSG } from '@payrail/contract/esignature';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { defaultLoanTermsSource, type LoanTermsSource } from '../loan-terms-source';
import { loanFigures } from '../loan-figures';

/** The member's full name as it is signed: first and last name from the profile. */
export async function fullNameOf(ctx: AppContext, userId: number): Promise<string> {
  const borrower = await ctx.repos.identity.findBorrower(userId);
  return [borrower?.firstName, borrower?.lastName].map((s) => s?.trim() ?? '').filter(Boolean).join(' ');
}

/** Everything a note is drawn from: the name, the engine's figures for the chosen terms. */
export async function prepareNote(ctx: AppContext, userId: number, source: LoanTermsSource = defaultLoanTermsSource) {
  const fullName = await fullNameOf(ctx, userId);
  if (!fullName) throw new AppError('validation', ESIGN_MSG.noFullName);
  return { fullName, ...loanFigures(await source.chosenLoan(ctx, userId)) };
}
