import type { TTokenIsValidResponse } from '@payrail/contract/identity';
import type { AppContext } from '../../../context';
import { toSessionInfo } from '../mappers';
import { authenticate } from './authenticate';
import { eligibleForRefinance } from '../../refinance/use-cases/refinance-facts';

/** GET /token_is_valid: the session check the SPA polls; answers who is signed in and where they are. */
export async function describeSession(ctx: AppContext, token: string | undefined): Promise<TTokenIsValidResponse> {
  const { member } = await authenticate(ctx, token);
  const [borrower, [latestLoan], eligible] = await Promise.all([ctx.repos.identity.findBorrower(member.id), ctx.repos.servicing.loansOfUser(member.id), eligibleForRefinance(ctx, member)]);
  return toSessionInfo(member, borrower, latestLoan?.status === 'closed_paid', eligible);
}
