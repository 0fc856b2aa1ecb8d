import { levelOfRewards } from '@payrail/domain/referral/rewards';
import { BENEFIT_LEVELS } from '../../../db/seed-data/demo-content';
import type { AppContext } from '../../../context';

type Level = 'zero' | 'bronze' | 'silver' | 'gold';
type Benefits = { level: Level; color: string; read: boolean };

/**
 * The medal: the level is COMPUTED from the referral rewards ledger; `user_benefits.level` only records
 * the level the member last acknowledged (PATCH /benefits/read), so a level they have not seen since it
 * changed is "unread" (the medal shows a dot).
 */
export const toBenefits = (level: Level, acknowledged: Level | undefined): Benefits => ({
  level,
  color: BENEFIT_LEVELS.find((l) => l.level === level)!.color,
  read: level === (acknowledged ?? 'zero'),
});

/** GET /benefits: the member's medal (referral level) and its colour. */
export async function getBenefits(ctx: AppContext, userId: number): Promise<Benefits> {
  const { rewards, acknowledged } = await ctx.repos.engagement.benefitsFacts(userId); // one statement
  return toBenefits(levelOfRewards(rewards), acknowledged);
}
