import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdUpdatedAt, requestOriginColumns } from './columns';
import { borrowerLoanRowColumns } from './servicing';
import { staffUsers } from './staff';
import type { IsoDate } from '@payrail/domain/dates';
import { PAYMENT_PLAN_KINDS } from '@payrail/domain/loan/payment-plan';
import { PAYMENT_PLAN_STATUSES } from '@payrail/contract/payment-plan';

/** The figures of a plan as quoted (the wire shape of `ZPaymentPlanQuote`, cents and ISO dates). */
export type PaymentPlanQuoteJson = Record<string, unknown>;

/**
 * Payment plans (docs/payment-plans.md): a servicer proposes a restructure of a loan that is past due or in
 * hardship; the borrower reviews the re-disclosed schedule and e-signs it; on signature the loan book
 * applies it to the schedule of record (`loans.payment_plans`) under the loan's row lock, in the same
 * transaction as this row's move to `accepted`. At most one proposal open per loan (partial unique index).
 * `fingerprint`: the money posted and on its way when proposed — signing refuses (409) when it moved.
 */
export const loanPaymentPlans = pgTable(
  'loan_payment_plans',
  {
    ...borrowerLoanRowColumns(),
    status: text('status', { enum: PAYMENT_PLAN_STATUSES }).notNull(),
    kind: text('kind', { enum: PAYMENT_PLAN_KINDS }).notNull(),
    /** What the servicer chose: installments, annual rate, first due date (null where the kind fixes it). */
    installments: integer('installments'),
    annualRatePercent: text('annual_rate_percent'),
    firstDueDate: date('first_due_date', { mode: 'string' }).$type<IsoDate>(),
    /** Why the plan is offered (the servicer's note: the hardship, the conversation). */
    reason: text('reason').notNull(),
    /** Business dates: proposed on, and the first day it can no longer be signed. */
    proposedOn: date('proposed_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).$type<IsoDate>().notNull(),
    proposedByStaffId: integer('proposed_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    /** The plan as quoted when proposed. */
    proposedQuote: jsonb('proposed_quote').$type<PaymentPlanQuoteJson>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    withdrawnByStaffId: integer('withdrawn_by_staff_id').references(() => staffUsers.id),
    withdrawnReason: text('withdrawn_reason'),
    /** Accepted: the plan as signed and applied, its effective business date, the e-signature and the signed PDF. */
    acceptedQuote: jsonb('accepted_quote').$type<PaymentPlanQuoteJson>(),
    effectiveDate: date('effective_date', { mode: 'string' }).$type<IsoDate>(),
    signatureName: text('signature_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    ...requestOriginColumns(),
    agreementVersion: text('agreement_version'),
    pdfStorageKey: text('pdf_storage_key'),
    pdfSha256: text('pdf_sha256'),
    pdfByteSize: integer('pdf_byte_size'),
    ...createdUpdatedAt(),
  },
  (t) => [
    index('loan_payment_plans_loan_idx').on(t.loanId, t.id),
    index('loan_payment_plans_user_idx').on(t.userId),
    uniqueIndex('loan_payment_plans_one_open')
      .on(t.loanId)
      .where(sql`${t.status} = 'proposed'`),
    check('loan_payment_plans_status_valid', sql`${t.status} in ('proposed', 'accepted', 'withdrawn', 'expired')`),
    check('loan_payment_plans_kind_valid', sql`${t.kind} in ('spread_past_due', 're_amortize')`),
    check(
      'loan_payment_plans_accepted_signed',
      sql`${t.status} <> 'accepted' or (${t.acceptedQuote} is not null and ${t.signedAt} is not null and ${t.pdfSha256} is not null)`,
    ),
  ],
);
