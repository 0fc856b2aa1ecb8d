import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { referralRewards } from '../../db/schema/index';
import { parsedJson, rowsFromJson } from '../../db/json-rows';
import type { RewardRow } from './repository';

/** The rewards a member earned as referrer (what `rewardsOf` reads, without payouts) as one column of another module's statement. */
export const rewardsColumn = (userId: SQL | AnyPgColumn) =>
  sql<unknown>`(select coalesce(json_agg(to_jsonb(${referralRewards}) order by ${referralRewards.id} asc), '[]'::json) from ${referralRewards} where ${referralRewards.referrerUserId} = ${userId})`;

export const rewardsFrom = (json: unknown): RewardRow[] => rowsFromJson(referralRewards, parsedJson(json));
