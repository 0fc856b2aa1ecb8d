import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import type { AppContext } from '../../../context';
import { employerOf, employerProgramOf } from '../../employment/employer-program';
import { findBorrower } from '../../identity/members';
import { findProfile } from '../../application/applications';
import type { NewflowRow } from '../repository';

/** Split direct deposit needs an employer whose program repays through payroll splits (not a federal allotment). */
export async function splitQualification(
  ctx: AppContext,
  userId: number,
  nf: NewflowRow | undefined,
): Promise<{ qualified: boolean; auto: boolean; error: string | null }> {
  const [profile, borrower] = await Promise.all([findProfile(ctx, userId), findBorrower(ctx, userId)]);
  const program = employerProgramOf(profile, await employerOf(ctx, borrower));
  const qualified = program === 'split_direct_deposit' || program === 'b2b_partner' || program === 'pending_review';
  let auto = false;
  let error: string | null = null;
  if (nf?.payrollAccountId && nf.payrollUserId) {
    const account = await ctx.providers.payrollLink.getAccount({ accountId: nf.payrollAccountId, payrollUserId: nf.payrollUserId }).catch(() => null);
    auto = Boolean(account && account.status === 'connected' && account.payDistributionSupported);
    if (!auto) error = 'Your payroll system does not support an automatic split direct deposit. Please set it up manually.';
  } else {
    error = NEWFLOW_MSG.payrollNotConnected;
  }
  return { qualified, auto, error: qualified ? error : NEWFLOW_MSG.notQualifiedForSplit };
}
