import { levelOfRewards } from '@payrail/domain/referral/rewards';
import type { AppContext } from '../../../context';
import { toBenefits } from './get-benefits';

/** PATCH /benefits/read: the member saw their current level (recorded as the acknowledged level). */
export async function markBenefitsRead(ctx: AppContext, userId: number) {
  const { rewards } = await ctx.repos.engagement.benefitsFacts(userId);
  const level = levelOfRewards(rewards);
  const row = await ctx.repos.engagement.markBenefitsRead(userId, level, ctx.now());
  return toBenefits(level, row.level);
}
