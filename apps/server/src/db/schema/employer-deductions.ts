import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { employerUsers } from './employer-accounts';
import { applicationMembers } from './identity';
import { employers } from './reference';
import type { IsoDate } from '@payrail/domain/dates';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { EMPLOYEE_CHANGE_KINDS, EMPLOYEE_CHANGE_OUTCOMES, SERVICER_TASK_STATUSES } from '@payrail/contract/employer-deductions';

/**
 * What an employer reported about an employee with a payroll deduction (employer portal "Changes",
 * docs/employer-portal.md): a termination, a leave or a pay-frequency change, and what servicing did
 * (`outcome`). One row per employer, borrower, kind and effective date (the unique key: a double submit
 * records one change). `loan_ids`: the payroll-deduction loans it applied to. A pay-frequency change is
 * not re-scheduled automatically: `servicer_status` is `open` until a servicer has handled it.
 */
export const employeeChanges = pgTable(
  'employee_changes',
  {
    id: serial('id').primaryKey(),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
    /** The employee id as the employer reported it. */
    employeeId: text('employee_id').notNull(),
    kind: text('kind', { enum: EMPLOYEE_CHANGE_KINDS }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    /** A leave's last day (included). */
    leaveEndDate: date('leave_end_date', { mode: 'string' }).$type<IsoDate>(),
    newPayFrequency: text('new_pay_frequency', { enum: FREQUENCIES }),
    /** ach_auto_debit | manual_payment (termination), paused (leave), servicer_review (pay frequency). */
    outcome: text('outcome', { enum: EMPLOYEE_CHANGE_OUTCOMES }).notNull(),
    loanIds: jsonb('loan_ids').$type<number[]>().notNull(),
    servicerStatus: text('servicer_status', { enum: SERVICER_TASK_STATUSES }),
    reportedByEmployerUserId: integer('reported_by_employer_user_id').references(() => employerUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('employee_changes_once').on(t.employerId, t.userId, t.kind, t.effectiveDate),
    index('employee_changes_employer_idx').on(t.employerId, t.id),
    check('employee_changes_leave_dates', sql`${t.kind} <> 'leave' or (${t.leaveEndDate} is not null and ${t.leaveEndDate} >= ${t.effectiveDate})`),
    check('employee_changes_pay_frequency', sql`${t.kind} <> 'pay_frequency' or ${t.newPayFrequency} is not null`),
  ],
);
