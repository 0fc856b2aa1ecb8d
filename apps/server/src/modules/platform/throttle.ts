import { SERVER_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { PHONE_SENDS_PER_HOUR, WRONG_CODES_ALLOWED } from '../../lib/access-limits';

/**
 * A per-account (or per-code) attempt budget: `limit` attempts per `windowSeconds`; one more locks the
 * key for `lockSeconds`, doubling with each further lockout up to `maxLockSeconds` (back-off). These
 * sit alongside the per-IP limits of @fastify/rate-limit: those stop one address, these stop many
 * addresses aiming at one account. Counting happens in the database, so every instance shares them.
 */
export type ThrottleRule = { limit: number; windowSeconds: number; lockSeconds: number; maxLockSeconds: number; message?: string };

/** The budgets, in one place (docs/security.md lists them). */
export const THROTTLES = {
  /** Wrong or right, attempts at one account's password; success clears them. */
  signIn: { limit: 5, windowSeconds: 15 * 60, lockSeconds: 60, maxLockSeconds: 3600 },
  staffSignIn: { limit: 5, windowSeconds: 15 * 60, lockSeconds: 60, maxLockSeconds: 3600 },
  /** An employer user's password and second-factor codes (TOTP or recovery) together; a completed sign-in clears them. */
  employerSignIn: { limit: 5, windowSeconds: 15 * 60, lockSeconds: 60, maxLockSeconds: 3600 },
  /** Public confirmation links tried from one address (the code alone names the account). */
  confirmationFromIp: { limit: 10, windowSeconds: 3600, lockSeconds: 15 * 60, maxLockSeconds: 24 * 3600 },
  /** Confirmation codes one signed-in member may try, across re-sent codes. */
  confirmationForMember: {
    limit: 2 * WRONG_CODES_ALLOWED,
    windowSeconds: 3600,
    lockSeconds: 15 * 60,
    maxLockSeconds: 24 * 3600,
    message: SERVER_MSG.tooManyWrongCodes,
  },
  /** Phone codes one member may try, across numbers and re-sent codes. */
  phoneVerifyForMember: {
    limit: 2 * WRONG_CODES_ALLOWED,
    windowSeconds: 3600,
    lockSeconds: 15 * 60,
    maxLockSeconds: 24 * 3600,
    message: SERVER_MSG.tooManyWrongCodes,
  },
  /** Texts to one member per hour (the spec's 5). */
  phoneSend: { limit: PHONE_SENDS_PER_HOUR, windowSeconds: 3600, lockSeconds: 3600, maxLockSeconds: 24 * 3600, message: SERVER_MSG.tooManyCodesSent },
  /** Password-reset e-mails to one address per hour. */
  passwordResetEmail: { limit: 3, windowSeconds: 3600, lockSeconds: 3600, maxLockSeconds: 24 * 3600 },
  /** Confirmation e-mails re-sent to one address per hour. */
  confirmationEmail: { limit: 3, windowSeconds: 3600, lockSeconds: 3600, maxLockSeconds: 24 * 3600 },
  /** New-flow "continue your application" links e-mailed to one account per hour (POST /email already_started). */
  continueLinkEmail: { limit: 3, windowSeconds: 3600, lockSeconds: 3600, maxLockSeconds: 24 * 3600 },
} as const satisfies Record<string, ThrottleRule>;

/** A 429 from a lockout; the error handler sends `retryAfter` as the Retry-After header. */
export class ThrottledError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super('too_many_requests', message);
  }
}

export type ThrottleName = keyof typeof THROTTLES;

const keyOf = (name: ThrottleName, subject: string | number) => hashToken(`${name}:${String(subject).toLowerCase()}`);

/** Spends one attempt of `name` for `subject`, or answers 429 (and starts or extends the lockout). */
export async function takeAttempt(ctx: AppContext, name: ThrottleName, subject: string | number): Promise<void> {
  const rule: ThrottleRule = THROTTLES[name];
  const key = keyOf(name, subject);
  const at = ctx.now();
  const hit = await ctx.repos.platform.hitThrottle(key, at, new Date(at.getTime() - rule.windowSeconds * 1000));
  let until = hit.lockedUntil && hit.lockedUntil > at ? hit.lockedUntil : null;
  if (!until && hit.hits <= rule.limit) return;
  until ??= await ctx.repos.platform.lockThrottle(key, at, rule.lockSeconds, rule.maxLockSeconds);
  const retryAfter = until ? Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000)) : rule.lockSeconds;
  throw new ThrottledError(rule.message ?? SERVER_MSG.tooManyRequests, retryAfter);
}

/** A success: the subject's attempts (and back-off) start over. */
export async function clearAttempts(ctx: AppContext, name: ThrottleName, subject: string | number): Promise<void> {
  await ctx.repos.platform.clearThrottle(keyOf(name, subject));
}
