import type { AppContext } from '../../../context';
import { hashToken } from '../../../lib/tokens';
import { authenticate } from './authenticate';

/** Ends the session the token belongs to (other sessions of the member stay). */
export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  await authenticate(ctx, token);
  await ctx.repos.identity.revokeSession(hashToken(token!), ctx.now());
}
