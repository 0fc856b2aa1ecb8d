import type { AppContext } from '../../../context';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import type { ClientInfo } from '../client';

/** Opens a borrower session and returns its token, the only time the raw token exists. */
export async function startSession(ctx: AppContext, userId: number, client: ClientInfo): Promise<string> {
  const token = newSessionToken();
  const at = ctx.now();
  const expiresAt = new Date(at.getTime() + ctx.config.session.absoluteHours * 3_600_000);
  await ctx.repos.identity.createSession({ tokenHash: hashToken(token), userId, at, expiresAt, ...client });
  return token;
}
