import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { borrowerLoanRowColumns } from './servicing';
import type { IsoDate } from '@payrail/domain/dates';
import { STATEMENT_KINDS } from '@payrail/contract/statements';

/**
 * Periodic statements (docs/statements.md): ONE row per (loan, kind, period) — the unique index that
 * makes generation idempotent however often and however concurrently it runs. `figures` are the
 * statement's figures as issued (the domain's statementFigures / yearEndFigures, cents and ISO dates);
 * `pdf_sealed` is the PDF drawn from them, sealed at rest (AES-256-GCM, the install's key), with its
 * size and SHA-256. Never updated: a statement is what the borrower was sent.
 */
export const loanStatements = pgTable(
  'loan_statements',
  {
    ...borrowerLoanRowColumns(),
    kind: text('kind', { enum: STATEMENT_KINDS }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).$type<IsoDate>().notNull(),
    periodEnd: date('period_end', { mode: 'string' }).$type<IsoDate>().notNull(),
    figures: jsonb('figures').notNull(),
    pdfSealed: text('pdf_sealed').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_statements_loan_kind_period_key').on(t.loanId, t.kind, t.periodStart),
    index('loan_statements_user_id_idx').on(t.userId),
    check('loan_statements_period', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('loan_statements_kind', sql`${t.kind} in ('monthly', 'year_end')`),
  ],
);
