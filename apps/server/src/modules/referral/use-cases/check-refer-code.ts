import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { referCodeExists } from '../../identity/members';

/** POST /refer_code: whether a friend's referral code exists (codes are upper-case; typing case does not matter). */
export async function checkReferCode(ctx: AppContext, code: string): Promise<{ valid: true }> {
  if (!(await referCodeExists(ctx, code.trim().toUpperCase()))) throw AppError.fields({ refer_code: [MSG.referralNotFound] });
  return { valid: true };
}
