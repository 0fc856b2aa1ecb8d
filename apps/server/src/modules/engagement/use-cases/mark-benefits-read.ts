import type { AppContext } from '../../../context';
import { toBenefits } from './get-benefits';

/** PATCH /benefits/read: the member saw their current level. */
export async function markBenefitsRead(ctx: AppContext, userId: number) {
  return toBenefits(await ctx.repos.engagement.markBenefitsRead(userId, ctx.now()));
}
