import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parsedJson, rowsFromJson } from './json-rows';
import { qualified } from './qualified';
import { referralRewardVoids, referralRewards, repayMethodChoices } from './schema/index';

/**
 * Member facts a LOWER module reads from a higher module's table as one column of its own statement
 * (issue #28, module floors): built here, below every module, so engagement's one-statement reads
 * (GET /benefits, GET /banners) import nothing upward. A column a higher module reads from a lower
 * module's table stays with the lower module (e.g. identity's `referCodeColumn`).
 */

/** A referral reward row (the referral module's ledger, `referral_rewards`). */
export type RewardRow = typeof referralRewards.$inferSelect;

/**
 * The rewards a member earned as referrer and that stand (what the referral repository's `rewardsOf` reads,
 * without payouts, less the rewards voided with a canceled loan: they count toward no level).
 */
export const rewardsColumn = (userId: SQL | AnyPgColumn) =>
  sql<unknown>`(select coalesce(json_agg(to_jsonb(${referralRewards}) order by ${referralRewards.id} asc), '[]'::json) from ${referralRewards} where ${referralRewards.referrerUserId} = ${userId}
    and not exists (select 1 from ${referralRewardVoids} where ${referralRewardVoids.rewardId} = ${qualified(referralRewards.id)}))`;

export const rewardsFrom = (json: unknown): RewardRow[] => rowsFromJson(referralRewards, parsedJson(json));

/** The member's latest repay-method choice (what the banking repository's `latestRepayMethod` reads). */
export const latestRepayMethodColumn = (userId: SQL | AnyPgColumn) =>
  sql<
    string | null
  >`(select ${repayMethodChoices.method} from ${repayMethodChoices} where ${repayMethodChoices.userId} = ${userId} order by ${repayMethodChoices.id} desc limit 1)`;
