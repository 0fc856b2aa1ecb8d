import type { AppContext } from '../../../context';
import { keyedHash, newEmailToken } from '../../../lib/tokens';
import { confirmationEmail } from '../emails';
import { EMAIL_CONFIRMATION_HOURS } from '../../../lib/access-limits';

/**
 * Issues a fresh 6-character confirmation token (earlier ones stop working) and e-mails it. Tokens are
 * looked up on their own, so a token already held by another member is drawn again.
 */
export async function sendConfirmationEmail(ctx: AppContext, member: { id: number; email: string }): Promise<void> {
  const secret = await ctx.secret('code_hmac');
  const at = ctx.now();
  const expiresAt = new Date(at.getTime() + EMAIL_CONFIRMATION_HOURS * 3_600_000);
  for (let attempt = 0; attempt < 5; attempt++) {
    const token = newEmailToken();
    const stored = await ctx.repos.identity.replaceConfirmation({ userId: member.id, codeHash: keyedHash(secret, token), expiresAt, at });
    if (stored) {
      await ctx.providers.email.send(confirmationEmail(member.email, token, ctx.config.publicUrl, EMAIL_CONFIRMATION_HOURS));
      return;
    }
  }
  throw new Error('could not draw an unused confirmation token');
}
