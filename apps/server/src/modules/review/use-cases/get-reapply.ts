import type { TReapplyResponse } from '@payrail/contract/application';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { latestApplication } from '../../application/applications';
import { couldReapplyOn } from '../reapply';

/** GET /reapply: when the borrower may apply again (the home panel shows Reapply only on `today`). */
export async function getReapply(ctx: AppContext, member: MemberRow): Promise<TReapplyResponse> {
  const latest = await latestApplication(ctx, member.id);
  return { could_reapply_on: couldReapplyOn(member.workflowStatus, latest, utcDay(ctx.now())) };
}
