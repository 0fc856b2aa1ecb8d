import type { TReapplyResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../identity/repository';
import { isoDay } from '../../application/today';
import { couldReapplyOn } from '../reapply';

/** GET /reapply: when the borrower may apply again (the home panel shows Reapply only on `today`). */
export async function getReapply(ctx: AppContext, member: MemberRow): Promise<TReapplyResponse> {
  const latest = await ctx.repos.application.latestApplication(member.id);
  return { could_reapply_on: couldReapplyOn(member.workflowStatus, latest, isoDay(ctx.now())) };
}
