import { MSG } from '@payrail/contract/messages';
import { REFERRAL_MSG } from '@payrail/contract/referral';
import type { AppContext } from '../../../context';
import { loansOfMember } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { findBorrower, referCodeExists } from '../../identity/members';

/**
 * POST /refer_code with a session: the borrower enters the code of the friend who referred them (the
 * sign-up's `friend_refer_code` does the same at sign-up). Links `referred_by` once, before the first
 * loan; the friend then earns the rewards of spec §9 from this borrower's applications and loan.
 */
export async function referFriend(ctx: AppContext, member: MemberRow, rawCode: string): Promise<{ valid: true; message: string; referred_by: string }> {
  const code = rawCode.trim().toUpperCase();
  const borrower = await findBorrower(ctx, member.id);
  if (!(await referCodeExists(ctx, code)) || !borrower) throw AppError.fields({ refer_code: [MSG.referralNotFound] });
  if (borrower.referCode === code) throw AppError.fields({ refer_code: [REFERRAL_MSG.ownCode] });
  if (borrower.referredBy) throw AppError.fields({ refer_code: [REFERRAL_MSG.alreadyReferred] });
  if ((await loansOfMember(ctx, member.id)).length > 0) throw AppError.fields({ refer_code: [REFERRAL_MSG.tooLate] });
  if (!(await ctx.repos.referral.linkReferrer(member.id, code))) throw AppError.fields({ refer_code: [REFERRAL_MSG.alreadyReferred] });
  return { valid: true, message: REFERRAL_MSG.friendReferred, referred_by: code };
}
