import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/** POST /captcha: asks the captcha provider whether the browser's token is a human's. */
export async function verifyCaptcha(ctx: AppContext, token: string, ip: string | null): Promise<{ success: true }> {
  if (!(await ctx.providers.captcha.verify(token, ip))) throw new AppError('validation', MSG.captchaFailed);
  return { success: true };
}
