import { bigint, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * The data versions kept answers are keyed by (docs/architecture.md, "Kept answers of a signed-in page"):
 * written ONLY by the triggers of migration 0042, in the same transaction as every write to a table a kept
 * answer reads, never by the app. A value comes from one sequence (`kept_version_seq`), so it is never
 * handed out twice, even when a row is deleted and made again. Never delete or lower a row by hand.
 */
export const memberVersions = pgTable('member_versions', {
  /** The member (application_members.id); no foreign key: written inside other tables' statements. */
  userId: integer('user_id').primaryKey(),
  /** Moves on every committed write that changes what one of the member's kept answers reads. */
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** One row (id 1): moves on every write to a table every member's answers read (the business-date override, the banners). */
export const dataVersions = pgTable('data_versions', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
