import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { remittanceBatches } from './collections';
import { employerUsers } from './employer-accounts';
import { memberRowColumns } from './identity';
import { applications } from './application';
import { employers } from './reference';
import { loans } from './servicing';
import { staffUsers } from './staff';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { EMPLOYMENT_STATUSES, INCOME_RANGES } from '@payrail/domain/employer/verification';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { RECONCILIATION_STATUSES } from '@payrail/domain/employer/remittance-upload';
import { REMITTANCE_METHODS } from '@payrail/contract/employer-remittances';

/**
 * A remittance an employer submitted in the employer portal (issue #31, docs/employer-portal.md): the
 * loan book's batch it posted as (`remittance_batches`, source `employer`, one reconciliation per batch)
 * and its reconciliation against the deductions expected on the pay date.
 */
export const employerRemittances = pgTable(
  'employer_remittances',
  {
    id: serial('id').primaryKey(),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id),
    batchId: integer('batch_id')
      .notNull()
      .unique()
      .references(() => remittanceBatches.id),
    payDate: date('pay_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    method: text('method', { enum: REMITTANCE_METHODS }).notNull(),
    fileName: text('file_name'),
    submittedByUserId: integer('submitted_by_user_id').references(() => employerUsers.id),
    expectedCents: integer('expected_cents').$type<Cents>().notNull(),
    remittedCents: integer('remitted_cents').$type<Cents>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('employer_remittances_employer_idx').on(t.employerId, t.id),
    check('employer_remittances_method_valid', sql`${t.method} in ('upload', 'screen')`),
  ],
);

/** One employee's line of a reconciliation: expected (the installment due on the pay date) vs remitted. */
export const employerRemittanceLines = pgTable(
  'employer_remittance_lines',
  {
    id: serial('id').primaryKey(),
    remittanceId: integer('remittance_id')
      .notNull()
      .references(() => employerRemittances.id),
    employeeId: text('employee_id').notNull(),
    employeeName: text('employee_name'),
    loanId: integer('loan_id').references(() => loans.id),
    expectedCents: integer('expected_cents').$type<Cents>().notNull(),
    remittedCents: integer('remitted_cents').$type<Cents>().notNull(),
    differenceCents: integer('difference_cents').$type<Cents>().notNull(),
    status: text('status', { enum: RECONCILIATION_STATUSES }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    index('employer_remittance_lines_remittance_idx').on(t.remittanceId),
    index('employer_remittance_lines_loan_idx').on(t.loanId),
    check('employer_remittance_lines_status_valid', sql`${t.status} in ('exact', 'short', 'over', 'missing', 'unknown_employee')`),
  ],
);

/**
 * An employment verification underwriting asked of the applicant's employer. Open until the employer
 * answers; unanswered past its due date (3 business days) it reads as expired — computed on read, the
 * application stays in the manual review.
 */
export const employmentVerifications = pgTable(
  'employment_verifications',
  {
    ...memberRowColumns(),
    applicationId: integer('application_id').references(() => applications.id),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id),
    applicantName: text('applicant_name').notNull(),
    statedEmployeeId: text('stated_employee_id'),
    requestedByStaffId: integer('requested_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    /** The business date of the request: the fallback counts business days from it. */
    requestedOn: date('requested_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    employmentStatus: text('employment_status', { enum: EMPLOYMENT_STATUSES }),
    hireDate: date('hire_date', { mode: 'string' }).$type<IsoDate>(),
    payFrequency: text('pay_frequency', { enum: FREQUENCIES }),
    incomeRange: text('income_range', { enum: INCOME_RANGES }),
    answeredByUserId: integer('answered_by_user_id').references(() => employerUsers.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('employment_verifications_employer_idx').on(t.employerId, t.id),
    index('employment_verifications_user_idx').on(t.userId, t.id),
    check(
      'employment_verifications_status_valid',
      sql`${t.employmentStatus} is null or ${t.employmentStatus} in ('active', 'terminated', 'on_leave', 'not_found')`,
    ),
    check('employment_verifications_answered', sql`(${t.answeredAt} is null) = (${t.employmentStatus} is null)`),
  ],
);
