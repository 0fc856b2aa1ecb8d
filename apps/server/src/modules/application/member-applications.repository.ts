import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { applications } from '../../db/schema/index';
import { parsedJson, rowsFromJson } from '../../db/json-rows';
import type { ApplicationRow } from './repository';

/**
 * The member's open application and latest one (what `activeAndLatestApplication` reads) as one column
 * of another module's statement (the session check, the loan screens): read in the same round trip.
 */
export const memberApplicationsColumn = (userId: SQL | AnyPgColumn) =>
  sql<unknown>`(select coalesce(json_agg(to_jsonb(${applications}) order by ${applications.id} desc), '[]'::json) from ${applications} where ${applications.userId} = ${userId} and (${applications.closedAt} is null or ${applications.id} = (select max(${applications.id}) from ${applications} where ${applications.userId} = ${userId})))`;

/** The member's open and latest applications (`activeAndLatestApplication`). */
export type MemberApplications = { active: ApplicationRow | undefined; latest: ApplicationRow | undefined };

/** That column as `activeAndLatestApplication` answers it. */
export function memberApplicationsFrom(json: unknown): MemberApplications {
  const rows = rowsFromJson(applications, parsedJson(json));
  return { active: rows.find((r) => r.closedAt === null), latest: rows[0] };
}
