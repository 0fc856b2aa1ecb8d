import type { AppContext } from '../../../context';
import { currentLevel } from '../../referral/use-cases/get-referral-program';
import { toBenefits } from './get-benefits';

/** PATCH /benefits/read: the member saw their current level (recorded as the acknowledged level). */
export async function markBenefitsRead(ctx: AppContext, userId: number) {
  const level = await currentLevel(ctx, userId);
  const row = await ctx.repos.engagement.markBenefitsRead(userId, level, ctx.now());
  return toBenefits(level, row.level);
}
