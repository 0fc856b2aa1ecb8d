import { MSG } from '@payrail/contract/messages';
import type { TTokenIsValidResponse } from '@payrail/contract/identity';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';
import { toSessionInfo } from '../mappers';
import { vetSession } from './authenticate';
import { eligibleForRefinance } from '../../refinance/use-cases/refinance-facts';

/**
 * GET /token_is_valid: the session check the SPA polls; answers who is signed in and where they are.
 * The busiest call there is, so the session, member, profile and latest loan come in one statement
 * and go through the same session rules as every signed-in call (`vetSession`).
 */
export async function describeSession(ctx: AppContext, token: string | undefined): Promise<TTokenIsValidResponse> {
  if (!token) throw AppError.unauthorized(MSG.signInRequired);
  const now = ctx.now();
  const { member, borrower, latestLoanStatus, openedLoanId } = await vetSession(ctx, await ctx.repos.identity.findSessionSummary(hashToken(token), now), now);
  // Only an opened loan can be refinanced: the eligibility reads (ledger, transactions) run for those alone.
  const eligible = latestLoanStatus === 'opened' && openedLoanId !== null ? await eligibleForRefinance(ctx, member, openedLoanId) : false;
  return toSessionInfo(member, borrower ?? undefined, { paidOff: latestLoanStatus === 'closed_paid', hasLoan: latestLoanStatus !== null, eligibleForRefinance: eligible });
}
