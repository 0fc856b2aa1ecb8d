import { MSG } from '@payrail/contract/messages';
import type { TTokenIsValidResponse } from '@payrail/contract/identity';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';
import { memberApplicationsFrom } from '../../application/member-applications.repository';
import { toSessionInfo } from '../../identity/mappers';
import { vetSession } from '../../identity/use-cases/authenticate';
import { memberLoanFactsFrom } from '../../loan-book/member-loan-facts.repository';
import { eligibleForRefinanceFrom } from './refinance-facts';

type Summary = NonNullable<Awaited<ReturnType<AppContext['repos']['refinance']['findSessionSummary']>>>;
type Read = { found: Summary; eligible: boolean };

/**
 * What one session check reads, shared with the checks of the same token that arrive while it runs
 * and kept for the next ones, as long as the embedded database has not changed since it started
 * (`Database.writeGeneration`: it moves on every statement that may write, on any table, from any
 * module) and the UTC day is the same (the refinance rules count days). The time rules are applied
 * again to every check that uses it: absolute expiry here, idle time and the once-a-minute touch in
 * `vetSession` (a touch or a revocation is a write, so it ends the entry). Never on PostgreSQL
 * (`writeGeneration` is null: other instances write there). One map per app (its clock and config).
 */
type Kept = { generation: number; day: string; read: Promise<Read> };
const KEPT_MAX = 10_000;
const keptByApp = new WeakMap<AppContext, Map<string, Kept>>();

function keptOf(ctx: AppContext): Map<string, Kept> {
  let kept = keptByApp.get(ctx);
  if (!kept) keptByApp.set(ctx, (kept = new Map()));
  return kept;
}

/** The check itself: the session row and its rules, then the refinance eligibility. */
async function readSession(ctx: AppContext, tokenHash: string, now: Date): Promise<Read> {
  const found = await vetSession(ctx, await ctx.repos.refinance.findSessionSummary(tokenHash, now), now);
  const { member, latestLoanStatus, openedLoanId } = found;
  // Only an opened loan can be refinanced; what its eligibility reads came with the session (one statement).
  const eligible =
    latestLoanStatus === 'opened' && openedLoanId !== null
      ? eligibleForRefinanceFrom(ctx, member, memberApplicationsFrom(found.applicationsJson), memberLoanFactsFrom(found))
      : false;
  return { found, eligible };
}

/**
 * GET /token_is_valid: the session check the SPA polls; answers who is signed in and where they are.
 * Its member summary joins applications, loans and the refinance eligibility, so it lives here, above
 * identity (issue #28, module floors; the route is registered with the refinance routes).
 * The busiest call there is, so the session, member, profile, latest loan and everything the refinance
 * eligibility reads (loans, applications, note, ledger, payment in flight) come in ONE statement (query
 * budget 1, test/query-budgets.int.test.ts) and go through the same session rules as every signed-in call
 * (`vetSession`); on the embedded database an unchanged answer is reused (see `Kept`). While the member's data is
 * unchanged the route is answered before this runs, from the kept answer (http/kept-member-answers.ts): this is the miss.
 */
export async function describeSession(ctx: AppContext, token: string | undefined): Promise<TTokenIsValidResponse> {
  if (!token) throw AppError.unauthorized(MSG.signInRequired);
  const now = ctx.now();
  const tokenHash = hashToken(token);
  // Read before any statement of this check is sent: a write sent since then makes its answer old.
  const generation = ctx.database.writeGeneration();
  if (generation === null) return answer(await readSession(ctx, tokenHash, now));
  const day = utcDay(now);
  const map = keptOf(ctx);
  const kept = map.get(tokenHash);
  if (kept && kept.generation === generation && kept.day === day) {
    let shared: Read;
    try {
      shared = await kept.read;
    } catch (err) {
      if (err instanceof AppError && err.code === 'unauthorized') throw AppError.unauthorized(MSG.signInRequired);
      throw err;
    }
    if (shared.found.session.expiresAt.getTime() <= now.getTime()) throw AppError.unauthorized(MSG.signInRequired);
    return answer({ found: await vetSession(ctx, shared.found, now), eligible: shared.eligible });
  }
  const read = readSession(ctx, tokenHash, now);
  const entry: Kept = { generation, day, read };
  if (map.size >= KEPT_MAX) map.clear();
  map.set(tokenHash, entry);
  // A refusal or a failure is shared only with the checks already waiting on it, never kept.
  read.catch(() => {
    if (map.get(tokenHash) === entry) map.delete(tokenHash);
  });
  return answer(await read);
}

function answer({ found: { member, borrower, latestLoanStatus }, eligible }: Read): TTokenIsValidResponse {
  return toSessionInfo(member, borrower ?? undefined, {
    paidOff: latestLoanStatus === 'closed_paid',
    hasLoan: latestLoanStatus !== null,
    eligibleForRefinance: eligible,
  });
}
