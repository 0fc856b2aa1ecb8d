import { MSG } from '@payrail/contract/messages';
import type { TTokenIsValidResponse } from '@payrail/contract/identity';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';
import { toSessionInfo } from '../mappers';
import { vetSession } from './authenticate';
import { eligibleForRefinance } from '../../refinance/use-cases/refinance-facts';

type Summary = NonNullable<Awaited<ReturnType<AppContext['repos']['identity']['findSessionSummary']>>>;

/**
 * What one session check read, kept for the next check of the same token while the embedded database
 * has not changed since (`Database.writeGeneration`: it moves on every statement that may write, on any
 * table, from any module) and the UTC day is the same (the refinance rules count days). The time rules
 * are applied again on every use: absolute expiry here, idle time and the once-a-minute touch in
 * `vetSession` (a touch or a revocation is a write, so it drops the entry). Never on PostgreSQL
 * (`writeGeneration` is null: other instances write there). One map per app (its clock and config).
 */
type Kept = { generation: number; day: string; found: Summary; eligible: boolean };
const KEPT_MAX = 10_000;
const keptByApp = new WeakMap<AppContext, Map<string, Kept>>();

function keptOf(ctx: AppContext): Map<string, Kept> {
  let kept = keptByApp.get(ctx);
  if (!kept) keptByApp.set(ctx, (kept = new Map()));
  return kept;
}

/**
 * GET /token_is_valid: the session check the SPA polls; answers who is signed in and where they are.
 * The busiest call there is, so the session, member, profile and latest loan come in one statement
 * and go through the same session rules as every signed-in call (`vetSession`); on the embedded
 * database an unchanged answer is reused (see `Kept`).
 */
export async function describeSession(ctx: AppContext, token: string | undefined): Promise<TTokenIsValidResponse> {
  if (!token) throw AppError.unauthorized(MSG.signInRequired);
  const now = ctx.now();
  const tokenHash = hashToken(token);
  // Read before any statement of this check is sent: a write sent since then makes it stale.
  const generation = ctx.database.writeGeneration();
  const day = utcDay(now);
  const kept = generation === null ? undefined : keptOf(ctx).get(tokenHash);
  if (kept && kept.generation === generation && kept.day === day && kept.found.session.expiresAt.getTime() > now.getTime()) {
    return answer(await vetSession(ctx, kept.found, now), kept.eligible);
  }
  const found = await vetSession(ctx, await ctx.repos.identity.findSessionSummary(tokenHash, now), now);
  const { member, latestLoanStatus, openedLoanId } = found;
  // Only an opened loan can be refinanced: the eligibility reads (ledger, transactions) run for those alone.
  const eligible = latestLoanStatus === 'opened' && openedLoanId !== null ? await eligibleForRefinance(ctx, member, openedLoanId) : false;
  if (generation !== null) {
    const map = keptOf(ctx);
    if (map.size >= KEPT_MAX) map.clear();
    map.set(tokenHash, { generation, day, found, eligible });
  }
  return answer(found, eligible);
}

function answer({ member, borrower, latestLoanStatus }: Summary, eligible: boolean): TTokenIsValidResponse {
  return toSessionInfo(member, borrower ?? undefined, { paidOff: latestLoanStatus === 'closed_paid', hasLoan: latestLoanStatus !== null, eligibleForRefinance: eligible });
}
