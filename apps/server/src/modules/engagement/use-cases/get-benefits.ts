import { BENEFIT_LEVELS } from '../../../db/seed-data/demo-content';
import type { AppContext } from '../../../context';
import type { BenefitRow } from '../repository';

type Benefits = { level: 'zero' | 'bronze' | 'silver' | 'gold'; color: string; read: boolean };

export const toBenefits = (row: BenefitRow | undefined): Benefits => {
  const level = row?.level ?? 'zero';
  const color = BENEFIT_LEVELS.find((l) => l.level === level)!.color;
  // A level the member has not looked at since it changed is "unread" (the medal shows a dot).
  return { level, color, read: row ? row.readAt !== null && row.readAt >= row.updatedAt : true };
};

/** GET /benefits: the member's medal (referral level) and its colour. */
export async function getBenefits(ctx: AppContext, userId: number): Promise<Benefits> {
  return toBenefits(await ctx.repos.engagement.findBenefits(userId));
}
