import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { loanRowColumns } from './servicing';
import { staffUsers } from './staff';
import type { IsoDate } from '@payrail/domain/dates';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES } from '@payrail/contract/credit-reporting';

/**
 * The monthly Metro 2 furnishing files (docs/credit-reporting.md): one per reporting month (`period`
 * YYYY-MM, unique — a second run, or two at once, finds the first), the bytes sealed in file storage under
 * `storage_key` (AES-256-GCM, the key as associated data), with the counts the back office lists. Never updated.
 */
export const creditReportingFiles = pgTable(
  'credit_reporting_files',
  {
    id: serial('id').primaryKey(),
    period: text('period').notNull(),
    activityDate: date('activity_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    createdOn: date('created_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    baseRecords: integer('base_records').notNull(),
    statusCounts: jsonb('status_counts').$type<Record<string, number>>().notNull(),
    disputed: integer('disputed').notNull(),
    /** Accounts held back from the file because their record would not pass the bureau's edits (missing name or address…): loan and reasons. */
    excluded: jsonb('excluded').$type<{ loanId: number; identifier: string; problems: string[] }[]>().notNull(),
    generatedByStaffId: integer('generated_by_staff_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('credit_reporting_files_period_key').on(t.period),
    unique('credit_reporting_files_storage_key_key').on(t.storageKey),
    check('credit_reporting_files_period_format', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('credit_reporting_files_counts', sql`${t.baseRecords} >= 0 and ${t.disputed} >= 0 and ${t.byteSize} > 0`),
  ],
);

/**
 * A borrower's dispute of what is reported about a loan (FCRA): opened by servicing staff (XB in every
 * file while open), resolved with an outcome (XH investigation completed, XC consumer disagrees). Dates are
 * business dates; at most one open dispute per loan (partial unique index).
 */
export const creditDisputes = pgTable(
  'credit_disputes',
  {
    ...loanRowColumns(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    note: text('note').notNull(),
    openedOn: date('opened_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    openedByStaffId: integer('opened_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    resolutionNote: text('resolution_note'),
    resolvedOn: date('resolved_on', { mode: 'string' }).$type<IsoDate>(),
    resolvedByStaffId: integer('resolved_by_staff_id').references(() => staffUsers.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_disputes_loan_idx').on(t.loanId, t.id),
    uniqueIndex('credit_disputes_one_open')
      .on(t.loanId)
      .where(sql`${t.status} = 'open'`),
    check(
      'credit_disputes_resolution',
      sql`(${t.status} = 'open') = (${t.outcome} is null and ${t.resolvedOn} is null and ${t.resolvedByStaffId} is null and ${t.resolvedAt} is null)`,
    ),
    check('credit_disputes_dates', sql`${t.resolvedOn} is null or ${t.resolvedOn} >= ${t.openedOn}`),
  ],
);
