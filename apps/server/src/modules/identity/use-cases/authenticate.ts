import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';
import type { MemberRow } from '../../../db/rows';
import type { LiveSession } from '../repository';

export type SignedIn = { member: MemberRow; session: LiveSession };

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
 * The touches this process made, per context: session id → when (ms). Concurrent requests of one session (a
 * page's first reads go out together) all find the row last seen over a minute ago; the first touches it and
 * the others take its time instead of writing the same row again, each in its own statement (on the embedded
 * database every one of them waited its turn behind the others). A touch that fails is forgotten.
 */
const touches = new WeakMap<AppContext, Map<number, number>>();
const TOUCHES_KEPT = 10_000;

function touchedHere(ctx: AppContext): Map<number, number> {
  let mine = touches.get(ctx);
  if (!mine) touches.set(ctx, (mine = new Map()));
  return mine;
}

/**
 * The rules on a session row found live (unrevoked, inside its absolute expiry): none found, or idle
 * too long (revoked now), is a 401; otherwise it is touched at most once a minute (the answer then
 * carries the new last-seen time). The last-seen time is the row's, or a later touch this process made
 * (its write may still be on its way): one touch per session a minute, however many requests arrive
 * together. `authenticate` and the one-statement session check (`describeSession`) share it.
 */
export async function vetSession<T extends { session: LiveSession }>(ctx: AppContext, found: T | undefined, now: Date): Promise<T> {
  if (!found) throw AppError.unauthorized(MSG.signInRequired);
  const mine = touchedHere(ctx);
  const touchedAt = mine.get(found.session.id);
  const lastSeen = Math.max(found.session.lastSeenAt.getTime(), touchedAt ?? 0);
  const idleMs = now.getTime() - lastSeen;
  if (idleMs > ctx.config.session.idleMinutes * 60_000) {
    await ctx.repos.identity.revokeSession(found.session.tokenHash, now);
    throw AppError.unauthorized(MSG.signInRequired);
  }
  if (idleMs <= TOUCH_AFTER_MS)
    return lastSeen === found.session.lastSeenAt.getTime() ? found : { ...found, session: { ...found.session, lastSeenAt: new Date(lastSeen) } };
  if (mine.size >= TOUCHES_KEPT) for (const [id, at] of mine) if (now.getTime() - at > TOUCH_AFTER_MS) mine.delete(id);
  mine.set(found.session.id, now.getTime());
  try {
    await ctx.repos.identity.touchSession(found.session.id, now);
  } catch (err) {
    if (mine.get(found.session.id) === now.getTime()) mine.delete(found.session.id);
    throw err;
  }
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
