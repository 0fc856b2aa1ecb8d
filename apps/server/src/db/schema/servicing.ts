import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { esignatures } from './esignature';
import { applications } from './application';
import { applicationMembers } from './identity';
import { staffUsers } from './staff';

/**
 * A funded loan: opened from an approved application's signed promissory note, in ONE transaction with
 * its installments, its disbursement and its documents. Money in cents; rates as percent decimal text.
 * `identifier` is the loan number shown to people (`####-##-####`).
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
    applicationId: integer('application_id')
      .notNull()
      .unique()
      .references(() => applications.id),
    identifier: text('identifier').notNull().unique(),
    status: text('status', { enum: ['opened', 'active', 'paid_off', 'charged_off', 'canceled'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    interestRate: text('interest_rate').notNull(),
    aprPercent: text('apr_percent').notNull(),
    frequency: text('frequency', { enum: ['weekly', 'biweekly', 'semimonthly', 'monthly'] }).notNull(),
    terms: integer('terms').notNull(),
    disbursementDate: date('disbursement_date', { mode: 'string' }).notNull(),
    firstPaymentDate: date('first_payment_date', { mode: 'string' }).notNull(),
    notePrincipalCents: integer('note_principal_cents').notNull(),
    financeChargeCents: integer('finance_charge_cents').notNull(),
    totalOfPaymentsCents: integer('total_of_payments_cents').notNull(),
    fundedByStaffId: integer('funded_by_staff_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loans_user_idx').on(t.userId),
    check('loans_identifier_format', sql`${t.identifier} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{4}$'`),
    check('loans_money_positive', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.notePrincipalCents} > 0`),
  ],
);

/** The contractual schedule of a loan, as the loan engine built it when the loan opened. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    n: integer('n').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentCents: integer('payment_cents').notNull(),
    interestCents: integer('interest_cents').notNull(),
    principalCents: integer('principal_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
  },
  (t) => [unique('loan_installments_loan_n').on(t.loanId, t.n)],
);

/** Money sent to the borrower over ACH. The idempotency key makes a retried funding call move money once. */
export const disbursements = pgTable(
  'disbursements',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    amountCents: integer('amount_cents').notNull(),
    traceId: text('trace_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: ['pending', 'settled', 'returned'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('disbursements_loan_idx').on(t.loanId), check('disbursements_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Documents of a loan: today the signed promissory note (a reference to its e-signature record). */
export const loanDocuments = pgTable(
  'loan_documents',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    kind: text('kind', { enum: ['signed_note'] }).notNull(),
    esignatureId: integer('esignature_id').references(() => esignatures.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('loan_documents_loan_kind').on(t.loanId, t.kind)],
);
