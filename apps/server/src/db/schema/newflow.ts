import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdUpdatedAtDefaultNow } from './columns';
import { documents } from './documents';
import { applicationMembers } from './identity';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { RATE_CHECK_OUTCOMES } from '@payrail/domain/underwriting/rate-check';
import { NEWFLOW_PROGRAMS } from '@payrail/contract/newflow';

/**
 * What a new-flow application (docs/newflow.md) records beyond the classic tables it shares (profile,
 * application, documents, bank accounts): the loan asked for at sign-up, the job-info answers the
 * classic profile has no column for, the payroll-link connection and split-deposit allocation, the
 * rate-check job (the claim row: one per member, claimed FOR UPDATE SKIP LOCKED), the stated proof-of-
 * address facts and the offer chosen. Money is integer cents.
 */
export const newflowApplications = pgTable(
  'newflow_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => applicationMembers.id),
    loanAmountCents: integer('loan_amount_cents').$type<Cents>(),
    paymentFrequency: text('payment_frequency'),
    loanPurposeName: text('loan_purpose_name'),
    fixedPaymentAmountCents: integer('fixed_payment_amount_cents').$type<Cents>(),
    employmentStatus: text('employment_status'),
    middleInitial: text('middle_initial'),
    /** The phone typed at personal_info / employer_info (phone_validation confirms the number it texts). */
    phone: text('phone'),
    housingType: text('housing_type'),
    educationLevel: text('education_level'),
    personalInfoSavedAt: timestamp('personal_info_saved_at', { withTimezone: true }),
    employerInfo: jsonb('employer_info').$type<{ name: string; multiple_paycheck: string; payroll_service: string; work_email: string } | null>(),
    // Payroll link
    payrollUserId: text('payroll_user_id'),
    payrollAccountId: text('payroll_account_id'),
    payrollEmployer: text('payroll_employer'),
    payrollConnectedAt: timestamp('payroll_connected_at', { withTimezone: true }),
    /** The split the automatic set-up asked the payroll provider for (the loan payment per paycheck). */
    allocationRequestedCents: integer('allocation_requested_cents').$type<Cents>(),
    /** The split in place: what the provider answered (automatic) or the manual $85.00. */
    allocationAmountCents: integer('allocation_amount_cents').$type<Cents>(),
    allocationStatus: text('allocation_status'),
    payStubDocumentId: integer('pay_stub_document_id').references(() => documents.id),
    allotmentDocumentId: integer('allotment_document_id').references(() => documents.id),
    program: text('program', { enum: NEWFLOW_PROGRAMS }),
    // Rate check (the job's claim row)
    rateCheckState: text('rate_check_state', { enum: ['pending', 'running', 'done', 'failed'] }),
    rateCheckClaimedAt: timestamp('rate_check_claimed_at', { withTimezone: true }),
    rateCheckAttempts: integer('rate_check_attempts').notNull().default(0),
    rateCheckRequestedAt: timestamp('rate_check_requested_at', { withTimezone: true }),
    rateCheckDoneAt: timestamp('rate_check_done_at', { withTimezone: true }),
    rateCheckOutcome: text('rate_check_outcome', { enum: RATE_CHECK_OUTCOMES }),
    rateCheckApprovedCents: integer('rate_check_approved_cents').$type<Cents>(),
    rateCheckReasons: jsonb('rate_check_reasons').$type<string[]>(),
    rateCheckBureau: jsonb('rate_check_bureau').$type<Record<string, unknown> | null>(),
    rateCheckError: text('rate_check_error'),
    // Proof of address as the applicant states it
    proofStatementDate: date('proof_statement_date', { mode: 'string' }).$type<IsoDate>(),
    proofAddress: text('proof_address'),
    proofZip: text('proof_zip'),
    proofDocumentId: integer('proof_document_id').references(() => documents.id),
    chosenOffer: jsonb('chosen_offer').$type<Record<string, unknown> | null>(),
    ...createdUpdatedAtDefaultNow(),
  },
  (t) => [
    index('newflow_rate_check_pending_idx').on(t.rateCheckState, t.id),
    check('newflow_money_non_negative', sql`coalesce(${t.loanAmountCents}, 0) >= 0 and coalesce(${t.allocationAmountCents}, 0) >= 0`),
    check('newflow_allocation_requested_positive', sql`${t.allocationRequestedCents} is null or ${t.allocationRequestedCents} > 0`),
  ],
);
