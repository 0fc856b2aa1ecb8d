import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { employers } from './reference';
import { ledgerEntries, loans } from './servicing';
import { staffUsers } from './staff';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { REMITTANCE_LINE_STATUSES } from '@payrail/contract/servicing-backoffice';

/**
 * The daily servicing run, one row per business date: `planned_at` once every open loan has its claim
 * row for that date, `completed_at` once every claim is done. The run catches up day by day from the
 * oldest date not completed (docs/servicing-operations.md).
 */
export const servicingDays = pgTable('servicing_days', {
  businessDate: date('business_date', { mode: 'string' }).$type<IsoDate>().primaryKey(),
  plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * Claims of the daily run: ONE row per (job, loan, business date) — the unique key that makes the run
 * idempotent. A worker takes a pending row with `FOR UPDATE SKIP LOCKED`, processes the loan in the SAME
 * transaction and marks the row done before committing: a kill before the commit leaves the row pending
 * and nothing of that loan written; another instance skips rows held by a live transaction.
 */
export const servicingRuns = pgTable(
  'servicing_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    businessDate: date('business_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('servicing_runs_job_loan_date').on(t.job, t.loanId, t.businessDate),
    index('servicing_runs_pending_idx').on(t.businessDate, t.status, t.id),
    check('servicing_runs_status_valid', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/** A payroll remittance received (a CSV file imported by a servicer, lines posted by API, the sandbox's payday file, or an employer's submission in the employer portal). */
export const remittanceBatches = pgTable(
  'remittance_batches',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the normalised content: the same file imported twice is one batch. */
    sha256: text('sha256').notNull().unique(),
    source: text('source', { enum: ['file', 'api', 'sandbox', 'employer'] }).notNull(),
    fileName: text('file_name'),
    importedByStaffId: integer('imported_by_staff_id').references(() => staffUsers.id),
    /** Source `employer`: the employer that submitted it in the employer portal (its lines match only its employees' loans). */
    employerId: integer('employer_id').references(() => employers.id),
    lineCount: integer('line_count').notNull(),
    totalCents: integer('total_cents').$type<Cents>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('remittance_batches_source_valid', sql`${t.source} in ('file', 'api', 'sandbox', 'employer')`)],
);

/**
 * One line of a remittance: posted to its loan (a payroll_remittance ledger entry), or in suspense until
 * a servicer assigns it to a loan or rejects it with a reason.
 */
export const remittanceLines = pgTable(
  'remittance_lines',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => remittanceBatches.id),
    line: integer('line').notNull(),
    employer: text('employer').notNull(),
    payDate: date('pay_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    borrowerIdentifier: text('borrower_identifier').notNull(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    status: text('status', { enum: REMITTANCE_LINE_STATUSES }).notNull(),
    /** Why the line went to suspense (no_loan, ambiguous, employer_mismatch, loan_closed, before_disbursement). */
    suspenseReason: text('suspense_reason'),
    loanId: integer('loan_id').references(() => loans.id),
    ledgerEntryId: integer('ledger_entry_id').references(() => ledgerEntries.id),
    resolvedByStaffId: integer('resolved_by_staff_id').references(() => staffUsers.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('remittance_lines_batch_line').on(t.batchId, t.line),
    index('remittance_lines_status_idx').on(t.status, t.id),
    check('remittance_lines_amount_positive', sql`${t.amountCents} > 0`),
    check('remittance_lines_status_valid', sql`${t.status} in ('posted', 'suspense', 'assigned', 'rejected')`),
  ],
);
