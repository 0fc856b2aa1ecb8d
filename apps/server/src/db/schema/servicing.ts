import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdUpdatedAt, requestOriginColumns, sealedFileColumns } from './columns';
import { esignatures } from './esignature';
import { applications } from './application';
import { bankAccounts } from './banking';
import { applicationMembers, memberRowColumns } from './identity';
import { agreementDocuments } from './reference';
import { staffUsers } from './staff';
import type { StoredPaymentPlan } from '@payrail/domain/loan/payment-plan';
import { DISBURSEMENT_STATUSES, LEDGER_KINDS, LOAN_STATUSES, PAY_METHODS, PAYMENT_MODES, TRANSACTION_STATUSES } from '@payrail/domain/loan/statuses';
import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { FREQUENCIES } from '@payrail/domain/loan/frequency';
import { SCHEDULE_REVISION_KINDS } from '@payrail/contract/care';

/**
 * Loan statuses of spec §3, in its order 0..5 (labels: opened Active, closed_refinanced Refinanced,
 * closed_paid Finished): the domain's `LOAN_STATUSES`, which the contract's enum is built from too.
 */
export const LOAN_STATUS_VALUES = LOAN_STATUSES;

/**
 * A funded loan: opened from an approved application's signed promissory note, in ONE transaction with
 * its installments, its disbursement and its documents. Money in cents; rates as percent decimal text.
 * `identifier` is the loan number shown to people (`####-##-####`).
 */
export const loans = pgTable(
  'loans',
  {
    ...memberRowColumns(),
    applicationId: integer('application_id')
      .notNull()
      .unique()
      .references(() => applications.id),
    identifier: text('identifier').notNull().unique(),
    status: text('status', { enum: LOAN_STATUS_VALUES }).notNull(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    feeCents: integer('fee_cents').$type<Cents>().notNull(),
    interestRate: text('interest_rate').notNull(),
    aprPercent: text('apr_percent').notNull(),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull(),
    terms: integer('terms').notNull(),
    disbursementDate: date('disbursement_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    firstPaymentDate: date('first_payment_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    notePrincipalCents: integer('note_principal_cents').$type<Cents>().notNull(),
    /** The origination fee is financed (in the note principal) rather than withheld from the proceeds: the contract says so at funding, never guessed. */
    feeFinanced: boolean('fee_financed').notNull(),
    financeChargeCents: integer('finance_charge_cents').$type<Cents>().notNull(),
    totalOfPaymentsCents: integer('total_of_payments_cents').$type<Cents>().notNull(),
    fundedByStaffId: integer('funded_by_staff_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Last change of status (the ledger itself is in ledger_entries). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the loan reached a closed status (closed_paid, closed_refinanced, charge_off). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** A refinance: the loan this one paid off at funding (unique: a loan is refinanced once). */
    refinancesLoanId: integer('refinances_loan_id')
      .unique()
      .references((): AnyPgColumn => loans.id),
    /**
     * The due dates in force when they were revised after opening (a due-date change, a hardship deferral:
     * loan_schedule_revisions), one per installment in order; null: the contract's own dates.
     */
    revisedDueDates: jsonb('revised_due_dates').$type<string[]>(),
    /**
     * The payment plans applied to the schedule of record, oldest first (loan_payment_plans, docs/payment-plans.md;
     * migration 0028): each re-amortises the loan from its effective day; null: none.
     */
    paymentPlans: jsonb('payment_plans').$type<StoredPaymentPlan[]>(),
  },
  (t) => [
    index('loans_user_idx').on(t.userId),
    // loans_status_valid (status in LOAN_STATUS_VALUES) is added by the hand-written migration that first
    // maps the earlier values (active, paid_off, charged_off, canceled) onto these.
    check('loans_identifier_format', sql`${t.identifier} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{4}$'`),
    check('loans_money_positive', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.notePrincipalCents} > 0`),
  ],
);

/** The key of a row that belongs to one loan: its own id and the loan's. */
export function loanRowColumns() {
  return {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
  };
}

/** The key of a borrower's row on one loan: its own id, the loan's, and the member's (the loan's borrower). */
export function borrowerLoanRowColumns() {
  return {
    ...loanRowColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
  };
}

/** The contractual schedule of a loan, as the loan engine built it when the loan opened. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    ...loanRowColumns(),
    n: integer('n').notNull(),
    dueDate: date('due_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    paymentCents: integer('payment_cents').$type<Cents>().notNull(),
    interestCents: integer('interest_cents').$type<Cents>().notNull(),
    principalCents: integer('principal_cents').$type<Cents>().notNull(),
    balanceCents: integer('balance_cents').$type<Cents>().notNull(),
  },
  (t) => [unique('loan_installments_loan_n').on(t.loanId, t.n)],
);

/**
 * Every revision of a loan's due dates, as applied (the loan row holds the dates in force): what moved,
 * why (`kind` and the request it came from), the APR before and after (re-disclosed), who did it.
 */
export const loanScheduleRevisions = pgTable(
  'loan_schedule_revisions',
  {
    ...loanRowColumns(),
    kind: text('kind', { enum: SCHEDULE_REVISION_KINDS }).notNull(),
    /** The request it applies (due_date_change_requests / hardship_requests id). */
    sourceId: integer('source_id').notNull(),
    dueDatesBefore: jsonb('due_dates_before').$type<string[]>().notNull(),
    dueDatesAfter: jsonb('due_dates_after').$type<string[]>().notNull(),
    aprBefore: text('apr_before').notNull(),
    aprAfter: text('apr_after').notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('loan_schedule_revisions_loan_idx').on(t.loanId), unique('loan_schedule_revisions_source').on(t.kind, t.sourceId)],
);

/**
 * Money sent to the borrower over ACH. The idempotency key makes a retried funding call move money once.
 * A credit the borrower's bank sends back (a return file's 21/31 entry quoting `ach_trace_number`) is
 * `returned` with its code and date; a servicer then re-disburses (a new row naming it in `retry_of_id`,
 * once) or cancels the loan (docs/servicing-operations.md, "Returned disbursements").
 */
export const disbursements = pgTable(
  'disbursements',
  {
    ...loanRowColumns(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    traceId: text('trace_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: DISBURSEMENT_STATUSES }).notNull(),
    /** The credit entry's NACHA trace number (from ach_credit_trace_numbers); null for disbursements made before it was recorded. */
    achTraceNumber: text('ach_trace_number'),
    /** The receiving account the credit went to (null before it was recorded). */
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    returnedOn: date('returned_on', { mode: 'string' }).$type<IsoDate>(),
    returnCode: text('return_code'),
    /** A re-disbursement: the returned disbursement it sends again (unique: re-sent once). */
    retryOfId: integer('retry_of_id').references((): AnyPgColumn => disbursements.id),
    ...createdUpdatedAt(),
  },
  (t) => [
    index('disbursements_loan_idx').on(t.loanId),
    check('disbursements_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('disbursements_ach_trace_number_key').on(t.achTraceNumber),
    check('disbursements_ach_trace_number_format', sql`${t.achTraceNumber} ~ '^[0-9]{15}$'`),
    uniqueIndex('disbursements_retry_of_id_key').on(t.retryOfId),
  ],
);

/**
 * The NACHA trace number of each ACH credit we originate, reserved (and committed) BEFORE the credit is
 * sent, per the originator's idempotency key: a retry after a crash between the bank file and the
 * disbursement row sends the same entry under the same number. The seven-digit sequence is taken from
 * `loan_transactions_id_seq`, the sequence of the debits' trace numbers (ODFI id + transaction id), so a
 * credit and a debit never share a trace number.
 */
export const achCreditTraceNumbers = pgTable(
  'ach_credit_trace_numbers',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    traceNumber: text('trace_number').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('ach_credit_trace_numbers_format', sql`${t.traceNumber} ~ '^[0-9]{15}$'`)],
);

/** Documents of a loan: today the signed promissory note (a reference to its e-signature record). */
export const loanDocuments = pgTable(
  'loan_documents',
  {
    ...loanRowColumns(),
    kind: text('kind', { enum: ['signed_note', 'due_date_change_agreement'] }).notNull(),
    /** The signed note's e-signature record (kind signed_note). */
    esignatureId: integer('esignature_id').references(() => esignatures.id),
    /** The signed due-date change request (kind due_date_change_agreement): its PDF is the document. */
    dueDateChangeRequestId: integer('due_date_change_request_id').references((): AnyPgColumn => dueDateChangeRequests.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // One signed note per loan; one document per due-date change.
  (t) => [unique('loan_documents_loan_kind').on(t.loanId, t.kind, t.dueDateChangeRequestId).nullsNotDistinct()],
);

/** The re-disclosed schedule a due-date change agreement shows, row by row (cents, ISO dates). */
export type DueDateChangeScheduleRow = { n: number; due_date: string; new_due_date: string; payment_cents: number; moved: boolean };

/**
 * A borrower's signed due-date change (docs/borrower-care.md): the request, the re-disclosed schedule
 * they signed (dates before and after, APR before and after), the typed e-signature with its evidence,
 * and the signed PDF (sealed in storage, SHA-256 recorded). Written only with the schedule revision it
 * applies (loan_schedule_revisions kind due_date_change, source_id = this id), in one transaction.
 */
export const dueDateChangeRequests = pgTable(
  'due_date_change_requests',
  {
    ...borrowerLoanRowColumns(),
    /** The first moved payment's new date, as requested. */
    requestedDate: date('requested_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    /** The servicing business date of the request (the 12-month rule counts from it). */
    businessDate: date('business_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    firstMovedN: integer('first_moved_n').notNull(),
    schedule: jsonb('schedule').$type<DueDateChangeScheduleRow[]>().notNull(),
    dueDatesBefore: jsonb('due_dates_before').$type<string[]>().notNull(),
    dueDatesAfter: jsonb('due_dates_after').$type<string[]>().notNull(),
    aprBefore: text('apr_before').notNull(),
    aprAfter: text('apr_after').notNull(),
    financeChargeCents: integer('finance_charge_cents').$type<Cents>().notNull(),
    totalOfPaymentsCents: integer('total_of_payments_cents').$type<Cents>().notNull(),
    /** The typed full name as signed, and the evidence of the signature. */
    signatureName: text('signature_name').notNull(),
    esignConsent: boolean('esign_consent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ...requestOriginColumns(),
    /** The agreement text's version, and the signed PDF. */
    agreementVersion: text('agreement_version').notNull(),
    ...sealedFileColumns(),
    status: text('status', { enum: ['applied'] }).notNull(),
    /** The client's Idempotency-Key: a retry answers the first request. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('due_date_change_requests_loan_idx').on(t.loanId, t.id), unique('due_date_change_requests_member_key').on(t.userId, t.idempotencyKey)],
);

/**
 * The servicing ledger: every movement of money of a loan, one immutable row each (a trigger refuses
 * UPDATE and DELETE). Balances, allocations and statuses are DERIVED by replaying these rows through the
 * domain (packages/domain/src/loan/servicing.ts); nothing is ever edited. A returned payment is not
 * deleted: a `reversal` row names the entry it reverses (`reverses_entry_id`) and its return date.
 *
 * `amount_cents` is always positive; the kind says the direction. `idempotency_key` (unique when given)
 * lets a job or a retried call append an entry exactly once (e.g. `late_fee:<loan>:<installment>`).
 */
export const LEDGER_KIND_VALUES = LEDGER_KINDS;
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    ...loanRowColumns(),
    kind: text('kind', { enum: LEDGER_KIND_VALUES }).notNull(),
    /** Business date the movement takes effect. */
    effectiveDate: date('effective_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    /** The payment request / debit behind a payment entry. */
    transactionId: integer('transaction_id').references((): AnyPgColumn => loanTransactions.id),
    /** A reversal or waiver names the entry it undoes. */
    reversesEntryId: integer('reverses_entry_id').references((): AnyPgColumn => ledgerEntries.id),
    /** Fees: the installment the fee is attached to. */
    installmentN: integer('installment_n'),
    /** ACH return reason code of a reversal (R01…), or a servicer's reason. */
    reasonCode: text('reason_code'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    createdByStaffId: integer('created_by_staff_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_loan_idx').on(t.loanId, t.effectiveDate, t.id),
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('ledger_entries_one_reversal').on(t.reversesEntryId),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'ledger_entries_kind_valid',
      sql`${t.kind} in ('disbursement', 'scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff', 'reversal', 'late_fee', 'waiver', 'refund', 'charge_off', 'recovery')`,
    ),
    check('ledger_entries_charge_off_component', sql`${t.kind} <> 'charge_off' or ${t.reasonCode} in ('principal', 'interest', 'fees', 'refund_owed')`),
    check('ledger_entries_reversal_names_entry', sql`(${t.kind} in ('reversal', 'waiver')) = (${t.reversesEntryId} is not null)`),
  ],
);

/**
 * Auto-debit authorizations: the borrower's standing authorization (NACHA PPD) for one loan — which
 * account, how much each term, the disclosure accepted (agreement document), when and from where.
 * At most one active per loan; canceling sets `revoked_at` (the row stays as evidence).
 */
export const autoDebitAuthorizations = pgTable(
  'auto_debit_authorizations',
  {
    ...borrowerLoanRowColumns(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    /** The auto-debit disclosure the borrower accepted (agreement_documents, key auto_debit_disclosure). */
    disclosureDocumentId: integer('disclosure_document_id').references(() => agreementDocuments.id),
    disclosureAcceptedAt: timestamp('disclosure_accepted_at', { withTimezone: true }).notNull(),
    ...requestOriginColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('auto_debit_authorizations_loan_idx').on(t.loanId),
    uniqueIndex('auto_debit_authorizations_one_active')
      .on(t.loanId)
      .where(sql`${t.revokedAt} is null`),
    check('auto_debit_authorizations_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Transactions (payment requests and debits) of a loan: scheduled → pending (sent to the bank) →
 * settled | returned; scheduled → canceled. A one-time or payoff request comes from POST
 * /request_payment; an auto-debit installment is created by the daily servicing run from the active
 * authorization. `idempotency_key` is unique per member: a retried or double-clicked request is ONE
 * transaction, and `response_body` keeps the first answer so every retry answers it identically.
 * `request_hash` detects a key reused for a different payment.
 */
export const TRANSACTION_STATUS_VALUES = TRANSACTION_STATUSES;
export const loanTransactions = pgTable(
  'loan_transactions',
  {
    ...borrowerLoanRowColumns(),
    mode: text('mode', { enum: PAYMENT_MODES }).notNull(),
    method: text('method', { enum: PAY_METHODS }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUS_VALUES }).notNull(),
    amountCents: integer('amount_cents').$type<Cents>().notNull(),
    /** Date the debit is to be made (the settlement date is later, after the bank's window). */
    scheduledDate: date('scheduled_date', { mode: 'string' }).$type<IsoDate>().notNull(),
    instant: boolean('instant').notNull().default(false),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    autoDebitAuthorizationId: integer('auto_debit_authorization_id').references(() => autoDebitAuthorizations.id),
    /** The installment an auto-debit collects. */
    installmentN: integer('installment_n'),
    /** Re-presentment of a returned debit (NACHA: at most two retries of an R01/R09). */
    retryOfId: integer('retry_of_id').references((): AnyPgColumn => loanTransactions.id),
    achTraceId: text('ach_trace_id'),
    /** The NACHA trace number of the entry (ODFI routing's first 8 digits + 7-digit sequence): what a bank's return file quotes. */
    achTraceNumber: text('ach_trace_number'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledOn: date('settled_on', { mode: 'string' }).$type<IsoDate>(),
    returnedOn: date('returned_on', { mode: 'string' }).$type<IsoDate>(),
    returnCode: text('return_code'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>(),
    ...requestOriginColumns(),
    ...createdUpdatedAt(),
  },
  (t) => [
    index('loan_transactions_loan_idx').on(t.loanId, t.status),
    index('loan_transactions_due_idx').on(t.status, t.scheduledDate),
    unique('loan_transactions_member_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('loan_transactions_ach_trace_number_key').on(t.achTraceNumber),
    check('loan_transactions_ach_trace_number_format', sql`${t.achTraceNumber} ~ '^[0-9]{15}$'`),
    uniqueIndex('loan_transactions_one_autodebit_per_installment')
      .on(t.autoDebitAuthorizationId, t.installmentN)
      .where(sql`${t.retryOfId} is null and ${t.status} <> 'canceled'`),
    check('loan_transactions_amount_positive', sql`${t.amountCents} > 0`),
    check('loan_transactions_status_valid', sql`${t.status} in ('scheduled', 'pending', 'settled', 'returned', 'canceled')`),
  ],
);

/**
 * The business clock: ONE row (id = 1). `override_date` null means "the real date"; outside production
 * staff may move it forward so the daily run catches up and demos show a payment settle. Production
 * ignores the override (see businessToday in lib/business-clock.ts).
 */
export const businessClock = pgTable(
  'business_clock',
  {
    id: integer('id').primaryKey(),
    overrideDate: date('override_date', { mode: 'string' }).$type<IsoDate>(),
    updatedByStaffId: integer('updated_by_staff_id').references(() => staffUsers.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('business_clock_one_row', sql`${t.id} = 1`)],
);
