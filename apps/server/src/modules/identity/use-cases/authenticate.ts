import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';
import type { MemberRow } from '../../../db/rows';
import type { SessionRow } from '../repository';

export type SignedIn = { member: MemberRow; session: SessionRow };

// Touching the session on every call would write on every read; a minute of slack is invisible next to a 30-minute idle limit.
const TOUCH_AFTER_MS = 60_000;

/**
 * Resolves a borrower token to its member: the session must exist, be unrevoked, inside its absolute
 * expiry and used within the idle time. Staff tokens live in another table and are never found here.
 */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<SignedIn> {
  if (!token) throw AppError.unauthorized(MSG.signInRequired);
  const now = ctx.now();
  return vetSession(ctx, await ctx.repos.identity.findLiveSession(hashToken(token), now), now);
}

/**
 * The rules on a session row found live (unrevoked, inside its absolute expiry): none found, or idle
 * too long (revoked now), is a 401; otherwise it is touched at most once a minute (the answer then
 * carries the new last-seen time). `authenticate` and the one-statement session check
 * (`describeSession`) share it.
 */
export async function vetSession<T extends { session: SessionRow }>(ctx: AppContext, found: T | undefined, now: Date): Promise<T> {
  if (!found) throw AppError.unauthorized(MSG.signInRequired);
  const idleMs = now.getTime() - found.session.lastSeenAt.getTime();
  if (idleMs > ctx.config.session.idleMinutes * 60_000) {
    await ctx.repos.identity.revokeSession(found.session.tokenHash, now);
    throw AppError.unauthorized(MSG.signInRequired);
  }
  if (idleMs <= TOUCH_AFTER_MS) return found;
  await ctx.repos.identity.touchSession(found.session.id, now);
  // What the row now holds: a caller sharing this answer (describeSession) does not touch again.
  return { ...found, session: { ...found.session, lastSeenAt: now } };
}

/** The member behind a token when there is a valid one; null otherwise (for calls open to visitors). */
export async function authenticateOptional(ctx: AppContext, token: string | undefined): Promise<SignedIn | null> {
  if (!token) return null;
  try {
    return await authenticate(ctx, token);
  } catch (err) {
    if (err instanceof AppError && err.code === 'unauthorized') return null;
    throw err;
  }
}
