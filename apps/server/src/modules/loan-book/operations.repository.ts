import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IsoDate } from '@payrail/domain/dates';
import { insertNotification } from '../engagement/repository';
import {
  applicationMembers,
  applications,
  autoDebitAuthorizations,
  bankAccounts,
  borrowerProfiles,
  disbursements,
  employers,
  ledgerEntries,
  loanBorrowers,
  loanInstallments,
  loans,
  loanTransactions,
  remittanceBatches,
  remittanceLines,
  servicingDays,
  servicingRuns,
  staffActions,
} from '../../db/schema/index';

import { appendLedgerEntry } from './ledger.repository';
import type { AutoDebitRow, BankAccountRow, LedgerEntryRow, LoanRow, NewLedgerEntry, NewTransaction, TransactionRow } from './ledger.repository';

export type { BankAccountRow, LedgerEntryRow, LoanRow, NewLedgerEntry, NewTransaction, TransactionRow };
export type AuthorizationRow = AutoDebitRow;
export type RemittanceLineRow = typeof remittanceLines.$inferSelect;
export type StaffActionInsert = Omit<typeof staffActions.$inferInsert, 'id'>;

/** Statuses the daily run works on. */
export const SERVICED_STATUSES = ['opened', 'default'] as const;

/** Collections queries on one connection or transaction. */
function collectionsQueries(db: Db) {
  return {
    /** The oldest business date planned but not completed, and the latest completed. */
    dayState: async () => {
      const [open] = await db.select().from(servicingDays).where(isNull(servicingDays.completedAt)).orderBy(asc(servicingDays.businessDate)).limit(1);
      const [done] = await db
        .select()
        .from(servicingDays)
        .where(sql`${servicingDays.completedAt} is not null`)
        .orderBy(desc(servicingDays.businessDate))
        .limit(1);
      return { openDate: open?.businessDate ?? null, lastCompleted: done?.businessDate ?? null };
    },
    day: async (date: IsoDate) => {
      const [row] = await db.select().from(servicingDays).where(eq(servicingDays.businessDate, date)).limit(1);
      return row;
    },

    /**
     * Plans a business date: one pending claim per serviced loan — and per loan closed at zero whose
     * last debit is still in flight, watched until it settles or comes back, or with a debit still
     * scheduled for this day or earlier (canceled: not needed) — (unique key: a second planner, or a
     * restart, inserts nothing), then the day row. Safe to run concurrently from several instances.
     */
    planDay: async (job: string, date: IsoDate, at: Date) => {
      await db.execute(sql`
        insert into servicing_runs (job, loan_id, business_date, status, attempts)
        select ${job}, l.id, ${date}::date, 'pending', 0 from loans l
        where l.disbursement_date <= ${date}::date and (l.status in ('opened', 'default')
          or (l.status = 'closed_paid' and exists (select 1 from loan_transactions t where t.loan_id = l.id
            and (t.status = 'pending' or (t.status = 'scheduled' and t.scheduled_date <= ${date}::date)))))
        on conflict (job, loan_id, business_date) do nothing`);
      await db.insert(servicingDays).values({ businessDate: date, plannedAt: at }).onConflictDoNothing();
    },
    /**
     * Loans that may hold a credit balance to pay back: paid off or refinanced within `days` (a remittance
     * or a payment after the payoff — or landing while a refinance paid the loan off —, a refund held while
     * no account was on file or a debit could still come back).
     */
    recentlyPaidOff: async (since: Date): Promise<number[]> =>
      (
        await db
          .select({ id: loans.id })
          .from(loans)
          .where(and(inArray(loans.status, ['closed_paid', 'closed_refinanced']), gte(loans.closedAt, since)))
          .orderBy(asc(loans.id))
      ).map((r) => r.id),
    pendingCount: async (job: string, date: IsoDate): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(servicingRuns)
        .where(and(eq(servicingRuns.job, job), eq(servicingRuns.businessDate, date), eq(servicingRuns.status, 'pending')));
      return Number(row?.n ?? 0);
    },
    /**
     * The pending claims of (job, date) as they stand: `free`, what FOR UPDATE SKIP LOCKED could take now;
     * `held`, the others — held by another transaction (a runner working them) — the pending count minus
     * the free. The free ones are counted with FOR KEY SHARE SKIP LOCKED: it skips exactly the rows a runner
     * has claimed and blocks no plain update, and the statement runs on its own, so it keeps no lock. A row
     * committed meanwhile can count as held once too often (the count reads the statement's snapshot, the
     * lock the row's latest version): the caller polls.
     */
    claimsNow: async (job: string, date: IsoDate): Promise<{ held: number; free: number }> => {
      const res = (await db.execute(sql`
        select
          (select count(*) from servicing_runs where job = ${job} and business_date = ${date}::date and status = 'pending')::int as pending,
          (select count(*) from (
            select id from servicing_runs where job = ${job} and business_date = ${date}::date and status = 'pending' for key share skip locked
          ) f)::int as free`)) as unknown as { rows: { pending: number | string; free: number | string }[] };
      const pending = Number(res.rows[0]?.pending ?? 0);
      const free = Number(res.rows[0]?.free ?? 0);
      return { held: Math.max(0, pending - free), free };
    },
    completeDay: async (date: IsoDate, at: Date) => {
      await db
        .update(servicingDays)
        .set({ completedAt: at })
        .where(and(eq(servicingDays.businessDate, date), isNull(servicingDays.completedAt)));
    },
    runCounts: async (job: string, date: IsoDate) => {
      const rows = await db
        .select({ status: servicingRuns.status, n: sql<number>`count(*)::int` })
        .from(servicingRuns)
        .where(and(eq(servicingRuns.job, job), eq(servicingRuns.businessDate, date)))
        .groupBy(servicingRuns.status);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<'pending' | 'done' | 'failed', number>>;
    },

    /** Locks the loan row (FOR UPDATE): a back-office action and the run never interleave on one loan. */
    lockLoan: async (loanId: number) => {
      const [row] = await db.select().from(loans).where(eq(loans.id, loanId)).limit(1).for('update');
      return row;
    },
    loan: async (loanId: number) => {
      const [row] = await db.select().from(loans).where(eq(loans.id, loanId)).limit(1);
      return row;
    },
    installments: (loanId: number) => db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loanId)).orderBy(asc(loanInstallments.n)),
    entries: async (loanId: number): Promise<LedgerEntryRow[]> =>
      db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id)),
    entry: async (id: number) => {
      const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id)).limit(1);
      return row;
    },
    /** The ACH entry a bank's return quotes by its original trace number. */
    transactionByTraceNumber: async (traceNumber: string): Promise<TransactionRow | undefined> => {
      const [row] = await db.select().from(loanTransactions).where(eq(loanTransactions.achTraceNumber, traceNumber)).limit(1);
      return row;
    },
    transactions: async (loanId: number): Promise<TransactionRow[]> =>
      db.select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(asc(loanTransactions.id)),
    /** The loan's disbursements (ACH credits to the borrower), oldest first: the servicing page shows a returned one. */
    disbursementsOf: (loanId: number) => db.select().from(disbursements).where(eq(disbursements.loanId, loanId)).orderBy(asc(disbursements.id)),
    activeAuthorization: async (loanId: number) => {
      const [row] = await db
        .select()
        .from(autoDebitAuthorizations)
        .where(and(eq(autoDebitAuthorizations.loanId, loanId), isNull(autoDebitAuthorizations.revokedAt)))
        .limit(1);
      return row;
    },
    revokeAuthorization: async (id: number, at: Date) => {
      await db
        .update(autoDebitAuthorizations)
        .set({ revokedAt: at })
        .where(and(eq(autoDebitAuthorizations.id, id), isNull(autoDebitAuthorizations.revokedAt)));
    },
    bankAccount: async (id: number) => {
      const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
      return row;
    },
    /** A notification of change applied to the account a debit came from (routing, sealed number, type). */
    correctBankAccount: async (
      id: number,
      set: Partial<Pick<BankAccountRow, 'routingNumber' | 'accountNumberSealed' | 'accountNumberLast4' | 'accountType' | 'bankName'>> & { updatedAt: Date },
    ) => {
      await db.update(bankAccounts).set(set).where(eq(bankAccounts.id, id));
    },
    borrower: async (userId: number) => {
      const [row] = await db
        .select({ email: applicationMembers.email, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName })
        .from(applicationMembers)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
        .where(eq(applicationMembers.id, userId))
        .limit(1);
      return row;
    },

    /** Appends a ledger entry once: a second call with the same idempotency key returns the first row. */
    appendEntry: (entry: NewLedgerEntry): Promise<LedgerEntryRow> => appendLedgerEntry(db, entry),
    insertTransaction: async (t: NewTransaction): Promise<TransactionRow | undefined> => {
      const [row] = await db.insert(loanTransactions).values(t).onConflictDoNothing().returning();
      return row;
    },
    /**
     * Takes a scheduled transaction for sending: scheduled → pending only if it is still scheduled (a
     * borrower's cancel that committed first wins; the row lock orders the two). False when it was not.
     */
    takeForSending: async (id: number, at: Date): Promise<boolean> => {
      const rows = await db
        .update(loanTransactions)
        .set({ status: 'pending', sentAt: at, updatedAt: at })
        .where(and(eq(loanTransactions.id, id), eq(loanTransactions.status, 'scheduled')))
        .returning({ id: loanTransactions.id });
      return rows.length === 1;
    },
    updateTransaction: async (id: number, set: Partial<NewTransaction>) => {
      await db.update(loanTransactions).set(set).where(eq(loanTransactions.id, id));
    },
    setLoanStatus: async (loanId: number, status: LoanRow['status'], at: Date, closed: boolean) => {
      await db
        .update(loans)
        .set({ status, updatedAt: at, closedAt: closed ? at : null })
        .where(eq(loans.id, loanId));
    },
    notify: async (userId: number, message: string, at: Date) => {
      await insertNotification(db, { userId, message, at });
    },
    audit: async (action: StaffActionInsert) => {
      await db.insert(staffActions).values(action);
    },

    /** Loans a remittance line may post to: open or paid-off loans repaid by payroll allotment / split direct deposit. */
    remittanceCandidates: async () =>
      db
        .select({
          loanId: loans.id,
          loanNumber: loans.identifier,
          userId: loans.userId,
          employer: employers.name,
          employerId: loanBorrowers.employerId,
          employeeId: borrowerProfiles.employeeId,
          status: loans.status,
          disbursementDate: loans.disbursementDate,
        })
        .from(loans)
        .innerJoin(applications, eq(applications.id, loans.applicationId))
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .leftJoin(employers, eq(employers.id, loanBorrowers.employerId))
        .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, loans.userId))
        .where(and(inArray(loans.status, [...SERVICED_STATUSES, 'closed_paid']), eq(applications.paymentMethod, 'split_direct_deposit'))),
    batchBySha: async (sha256: string) => {
      const [row] = await db.select().from(remittanceBatches).where(eq(remittanceBatches.sha256, sha256)).limit(1);
      return row;
    },
    insertBatch: async (b: Omit<typeof remittanceBatches.$inferInsert, 'id'>) => {
      const [row] = await db.insert(remittanceBatches).values(b).onConflictDoNothing().returning();
      return row;
    },
    insertLine: async (l: Omit<typeof remittanceLines.$inferInsert, 'id'>) => {
      const [row] = await db.insert(remittanceLines).values(l).returning();
      return row!;
    },
    batchLines: (batchId: number) => db.select().from(remittanceLines).where(eq(remittanceLines.batchId, batchId)).orderBy(asc(remittanceLines.line)),
    suspense: () => db.select().from(remittanceLines).where(eq(remittanceLines.status, 'suspense')).orderBy(asc(remittanceLines.id)),
    lockLine: async (id: number) => {
      const [row] = await db.select().from(remittanceLines).where(eq(remittanceLines.id, id)).limit(1).for('update');
      return row;
    },
    resolveLine: async (id: number, set: Partial<typeof remittanceLines.$inferInsert>) => {
      await db.update(remittanceLines).set(set).where(eq(remittanceLines.id, id));
    },
    remittancesOfLoan: (loanId: number) => db.select().from(remittanceLines).where(eq(remittanceLines.loanId, loanId)).orderBy(asc(remittanceLines.id)),
    /** The posted (or assigned) remittances of a loan for one pay date, with the channel of their batch (read under the loan's lock). */
    postedForPayDate: (loanId: number, payDate: IsoDate, exceptBatchId: number) =>
      db
        .select({ lineId: remittanceLines.id, batchId: remittanceLines.batchId, source: remittanceBatches.source })
        .from(remittanceLines)
        .innerJoin(remittanceBatches, eq(remittanceBatches.id, remittanceLines.batchId))
        .where(
          and(
            eq(remittanceLines.loanId, loanId),
            eq(remittanceLines.payDate, payDate),
            inArray(remittanceLines.status, ['posted', 'assigned']),
            sql`${remittanceLines.batchId} <> ${exceptBatchId}`,
          ),
        ),
  };
}

/** The queries bound to one transaction. */
export type CollectionsTx = ReturnType<typeof collectionsQueries>;

/**
 * What servicing ONE loan reads and writes (use-cases/service-loan.ts). Implemented directly by the
 * queries of a transaction (`CollectionsTx`, one statement per call) and by a batch's in-memory store
 * (`batchStore`: everything read up front for the whole batch, writes buffered and flushed in bulk).
 */
export type LoanServicingStore = Pick<
  CollectionsTx,
  | 'lockLoan'
  | 'borrower'
  | 'notify'
  | 'transactions'
  | 'entries'
  | 'updateTransaction'
  | 'activeAuthorization'
  | 'insertTransaction'
  | 'bankAccount'
  | 'takeForSending'
  | 'appendEntry'
  | 'setLoanStatus'
  | 'revokeAuthorization'
>;

type BorrowerRow = Awaited<ReturnType<CollectionsTx['borrower']>>;

/** Every column of a new transaction row, as the database would store it (defaults applied). */
function transactionRow(id: number, t: NewTransaction): TransactionRow {
  return {
    id,
    loanId: t.loanId,
    userId: t.userId,
    mode: t.mode,
    method: t.method,
    status: t.status,
    amountCents: t.amountCents,
    scheduledDate: t.scheduledDate,
    instant: t.instant ?? false,
    bankAccountId: t.bankAccountId ?? null,
    autoDebitAuthorizationId: t.autoDebitAuthorizationId ?? null,
    installmentN: t.installmentN ?? null,
    retryOfId: t.retryOfId ?? null,
    achTraceId: t.achTraceId ?? null,
    achTraceNumber: t.achTraceNumber ?? null,
    sentAt: t.sentAt ?? null,
    settledOn: t.settledOn ?? null,
    returnedOn: t.returnedOn ?? null,
    returnCode: t.returnCode ?? null,
    canceledAt: t.canceledAt ?? null,
    idempotencyKey: t.idempotencyKey ?? null,
    requestHash: t.requestHash ?? null,
    responseBody: t.responseBody ?? null,
    ip: t.ip ?? null,
    userAgent: t.userAgent ?? null,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

function entryRow(id: number, e: NewLedgerEntry): LedgerEntryRow {
  return {
    id,
    loanId: e.loanId,
    kind: e.kind,
    effectiveDate: e.effectiveDate,
    amountCents: e.amountCents,
    transactionId: e.transactionId ?? null,
    reversesEntryId: e.reversesEntryId ?? null,
    installmentN: e.installmentN ?? null,
    reasonCode: e.reasonCode ?? null,
    reason: e.reason ?? null,
    idempotencyKey: e.idempotencyKey ?? null,
    createdByStaffId: e.createdByStaffId ?? null,
    createdAt: e.createdAt,
  };
}

/** The partial unique index loan_transactions_one_autodebit_per_installment, in memory. */
const sameAutoDebit = (a: Pick<TransactionRow, 'autoDebitAuthorizationId' | 'installmentN' | 'retryOfId' | 'status'>, b: typeof a) =>
  a.autoDebitAuthorizationId !== null &&
  a.installmentN !== null &&
  a.retryOfId === null &&
  a.status !== 'canceled' &&
  b.retryOfId === null &&
  b.status !== 'canceled' &&
  a.autoDebitAuthorizationId === b.autoDebitAuthorizationId &&
  a.installmentN === b.installmentN;

const byEntryOrder = (a: LedgerEntryRow, b: LedgerEntryRow) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : a.id - b.id);

/** One loan's state in a batch: what was read, what the servicing changed (flushed at the end). */
type LoanState = {
  loan: LoanRow;
  txs: TransactionRow[];
  entries: LedgerEntryRow[];
  auths: AuthorizationRow[];
  newTxIds: Set<number>;
  changedTxIds: Set<number>;
  newEntries: LedgerEntryRow[];
  notes: { userId: number; message: string; at: Date }[];
  status: { status: LoanRow['status']; at: Date; closed: boolean } | null;
  revokes: { id: number; at: Date }[];
};

const cloneState = (s: LoanState): LoanState => ({
  ...s,
  loan: { ...s.loan },
  txs: [...s.txs],
  entries: [...s.entries],
  auths: [...s.auths],
  newTxIds: new Set(s.newTxIds),
  changedTxIds: new Set(s.changedTxIds),
  newEntries: [...s.newEntries],
  notes: [...s.notes],
  revokes: [...s.revokes],
});

/** A column of a bulk write: its name, its PostgreSQL array type, and how to read it from a row. */
type BulkColumn<R> = readonly [column: string, type: string, value: (row: R) => unknown];

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * INSERT of many rows as ONE statement with one array parameter per column (`unnest`): a few bound
 * parameters whatever the row count, so neither the driver nor the server parses thousands of them.
 * `conflict` is appended as is (an ON CONFLICT clause, trusted code only).
 */
async function bulkInsert<R>(db: Db, table: string, columns: readonly BulkColumn<R>[], rows: readonly R[], conflict?: string): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.raw(columns.map(([c]) => c).join(', '));
  const arrays = sql.join(
    columns.map(([, type, value]) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  await db.execute(sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${arrays})${conflict ? sql.raw(` ${conflict}`) : sql``}`);
}

const TRANSACTION_COLUMNS: readonly BulkColumn<TransactionRow>[] = [
  ['id', 'int', (t) => t.id],
  ['loan_id', 'int', (t) => t.loanId],
  ['user_id', 'int', (t) => t.userId],
  ['mode', 'text', (t) => t.mode],
  ['method', 'text', (t) => t.method],
  ['status', 'text', (t) => t.status],
  ['amount_cents', 'int', (t) => t.amountCents],
  ['scheduled_date', 'date', (t) => t.scheduledDate],
  ['instant', 'boolean', (t) => t.instant],
  ['bank_account_id', 'int', (t) => t.bankAccountId],
  ['auto_debit_authorization_id', 'int', (t) => t.autoDebitAuthorizationId],
  ['installment_n', 'int', (t) => t.installmentN],
  ['retry_of_id', 'int', (t) => t.retryOfId],
  ['ach_trace_id', 'text', (t) => t.achTraceId],
  ['ach_trace_number', 'text', (t) => t.achTraceNumber],
  ['sent_at', 'timestamptz', (t) => iso(t.sentAt)],
  ['settled_on', 'date', (t) => t.settledOn],
  ['returned_on', 'date', (t) => t.returnedOn],
  ['return_code', 'text', (t) => t.returnCode],
  ['canceled_at', 'timestamptz', (t) => iso(t.canceledAt)],
  ['idempotency_key', 'text', (t) => t.idempotencyKey],
  ['request_hash', 'text', (t) => t.requestHash],
  ['response_body', 'jsonb', (t) => (t.responseBody === null ? null : JSON.stringify(t.responseBody))],
  ['ip', 'text', (t) => t.ip],
  ['user_agent', 'text', (t) => t.userAgent],
  ['created_at', 'timestamptz', (t) => iso(t.createdAt)],
  ['updated_at', 'timestamptz', (t) => iso(t.updatedAt)],
];
/** What the daily run may change on an existing transaction (written back by id). */
const TRANSACTION_MUTABLE = [
  'status',
  'amount_cents',
  'ach_trace_id',
  'ach_trace_number',
  'sent_at',
  'settled_on',
  'returned_on',
  'return_code',
  'canceled_at',
  'updated_at',
];

const ENTRY_COLUMNS: readonly BulkColumn<LedgerEntryRow>[] = [
  ['id', 'int', (e) => e.id],
  ['loan_id', 'int', (e) => e.loanId],
  ['kind', 'text', (e) => e.kind],
  ['effective_date', 'date', (e) => e.effectiveDate],
  ['amount_cents', 'int', (e) => e.amountCents],
  ['transaction_id', 'int', (e) => e.transactionId],
  ['reverses_entry_id', 'int', (e) => e.reversesEntryId],
  ['installment_n', 'int', (e) => e.installmentN],
  ['reason_code', 'text', (e) => e.reasonCode],
  ['reason', 'text', (e) => e.reason],
  ['idempotency_key', 'text', (e) => e.idempotencyKey],
  ['created_by_staff_id', 'int', (e) => e.createdByStaffId],
  ['created_at', 'timestamptz', (e) => iso(e.createdAt)],
];

const NOTIFICATION_COLUMNS: readonly BulkColumn<LoanState['notes'][number]>[] = [
  ['user_id', 'int', (n) => n.userId],
  ['message', 'text', (n) => n.message],
  ['created_at', 'timestamptz', (n) => iso(n.at)],
  ['updated_at', 'timestamptz', (n) => iso(n.at)],
];

/** `column = any($1::int[])`: one bound parameter for a list of ids (inArray binds one per id). */
const anyOf = (column: AnyColumn, ids: readonly number[]): SQL => sql`${column} = any(${sql.param([...ids])}::int[])`;

/**
 * A batch of loans serviced in ONE transaction with a few set-based statements instead of ~12 per loan:
 * the loans (locked FOR UPDATE), their transactions (the scheduled ones locked FOR UPDATE, so a borrower's
 * cancel and the send never both win), ledger entries, active authorizations, bank accounts and borrowers
 * are read up front; the servicing of each loan runs in memory against them (the same unique rules as the
 * database: one auto-debit per installment, one entry per idempotency key); ids come from the tables'
 * sequences; `flush` writes everything with multi-row statements. `begin`/`discard` give each loan
 * all-or-nothing semantics inside the batch (a loan that throws leaves nothing behind).
 */
async function batchStore(db: Db, loanIds: readonly number[]) {
  const states = new Map<number, LoanState>();
  if (loanIds.length === 0) return null;
  const ids = [...loanIds];
  // FOR NO KEY UPDATE: excludes the back office's and another run's lock on the loan, not the key-share
  // lock a borrower's new payment request takes to reference it.
  const loanRows = await db.select().from(loans).where(anyOf(loans.id, ids)).orderBy(asc(loans.id)).for('no key update');
  const txRows = await db.select().from(loanTransactions).where(anyOf(loanTransactions.loanId, ids)).orderBy(asc(loanTransactions.id));
  // Lock what the run may send or cancel: a concurrent cancel either committed first (we see `canceled`)
  // or waits for our commit (and then finds it sent).
  const scheduledIds = txRows.filter((t) => t.status === 'scheduled').map((t) => t.id);
  const locked = scheduledIds.length
    ? new Map((await db.select().from(loanTransactions).where(anyOf(loanTransactions.id, scheduledIds)).for('update')).map((t) => [t.id, t]))
    : new Map<number, TransactionRow>();
  const entryRows = await db
    .select()
    .from(ledgerEntries)
    .where(anyOf(ledgerEntries.loanId, ids))
    .orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id));
  const authRows = await db
    .select()
    .from(autoDebitAuthorizations)
    .where(and(anyOf(autoDebitAuthorizations.loanId, ids), isNull(autoDebitAuthorizations.revokedAt)));
  const accountIds = [...new Set([...authRows.map((a) => a.bankAccountId), ...txRows.flatMap((t) => (t.bankAccountId === null ? [] : [t.bankAccountId]))])];
  const accounts = new Map<number, BankAccountRow>();
  if (accountIds.length) for (const a of await db.select().from(bankAccounts).where(anyOf(bankAccounts.id, accountIds))) accounts.set(a.id, a);
  const userIds = [...new Set(loanRows.map((l) => l.userId))];
  const borrowers = new Map<number, BorrowerRow>();
  if (userIds.length) {
    const rows = await db
      .select({ id: applicationMembers.id, email: applicationMembers.email, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName })
      .from(applicationMembers)
      .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
      .where(anyOf(applicationMembers.id, userIds));
    for (const r of rows) if (!borrowers.has(r.id)) borrowers.set(r.id, { email: r.email, firstName: r.firstName, lastName: r.lastName });
  }
  for (const loan of loanRows) {
    states.set(loan.id, {
      loan,
      txs: [],
      entries: [],
      auths: [],
      newTxIds: new Set(),
      changedTxIds: new Set(),
      newEntries: [],
      notes: [],
      status: null,
      revokes: [],
    });
  }
  for (const t of txRows) states.get(t.loanId)?.txs.push(locked.get(t.id) ?? t);
  for (const e of entryRows) states.get(e.loanId)?.entries.push(e);
  for (const a of authRows) states.get(a.loanId)?.auths.push(a);

  // Ids from the tables' own sequences, fetched in growing chunks (a rolled-back batch leaves gaps, as
  // any rolled-back insert does).
  const pools = { tx: { free: [] as number[], next: 32 }, entry: { free: [] as number[], next: 32 } };
  const nextId = async (which: 'tx' | 'entry'): Promise<number> => {
    const pool = pools[which];
    if (pool.free.length === 0) {
      const table = which === 'tx' ? 'loan_transactions' : 'ledger_entries';
      const res = (await db.execute(
        sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${pool.next}::int)`,
      )) as unknown as { rows: { id: number | string }[] };
      pool.free.push(...res.rows.map((r) => Number(r.id)));
      pool.next = Math.min(pool.next * 2, 1024);
    }
    return pool.free.shift()!;
  };

  const stateOf = (loanId: number): LoanState => {
    const s = states.get(loanId);
    if (!s) throw new Error(`loan ${loanId} is not in this batch`);
    return s;
  };
  const txState = (id: number): { s: LoanState; i: number } => {
    for (const s of states.values()) {
      const i = s.txs.findIndex((t) => t.id === id);
      if (i >= 0) return { s, i };
    }
    throw new Error(`transaction ${id} is not in this batch`);
  };
  // The loan being serviced: transaction lookups start there (a loan's own transactions).
  let current: { loanId: number; saved: LoanState } | null = null;
  const findTx = (id: number) => {
    if (current) {
      const s = stateOf(current.loanId);
      const i = s.txs.findIndex((t) => t.id === id);
      if (i >= 0) return { s, i };
    }
    return txState(id);
  };
  const setTx = (id: number, set: Partial<NewTransaction>) => {
    const { s, i } = findTx(id);
    s.txs[i] = { ...s.txs[i]!, ...set } as TransactionRow;
    if (!s.newTxIds.has(id)) s.changedTxIds.add(id);
  };

  const store: LoanServicingStore = {
    lockLoan: async (loanId) => {
      const s = states.get(loanId);
      return s ? { ...s.loan } : undefined;
    },
    borrower: async (userId) => {
      if (!borrowers.has(userId)) {
        const [row] = await db
          .select({ email: applicationMembers.email, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName })
          .from(applicationMembers)
          .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
          .where(eq(applicationMembers.id, userId))
          .limit(1);
        borrowers.set(userId, row);
      }
      return borrowers.get(userId);
    },
    notify: async (userId, message, at) => {
      if (!current) throw new Error('notify outside a loan');
      stateOf(current.loanId).notes.push({ userId, message, at });
    },
    transactions: async (loanId) => stateOf(loanId).txs.map((t) => ({ ...t })),
    entries: async (loanId) => stateOf(loanId).entries.map((e) => ({ ...e })),
    updateTransaction: async (id, set) => setTx(id, set),
    activeAuthorization: async (loanId) => {
      const a = stateOf(loanId).auths.find((x) => x.revokedAt === null);
      return a ? { ...a } : undefined;
    },
    revokeAuthorization: async (id, at) => {
      for (const s of states.values()) {
        const i = s.auths.findIndex((a) => a.id === id && a.revokedAt === null);
        if (i >= 0) {
          s.auths[i] = { ...s.auths[i]!, revokedAt: at };
          s.revokes.push({ id, at });
        }
      }
    },
    insertTransaction: async (t) => {
      const s = stateOf(t.loanId);
      const candidate = transactionRow(0, t);
      if (s.txs.some((x) => sameAutoDebit(candidate, x))) return undefined; // on conflict do nothing
      const row = { ...candidate, id: await nextId('tx') };
      s.txs.push(row);
      s.newTxIds.add(row.id);
      return { ...row };
    },
    bankAccount: async (id) => {
      if (!accounts.has(id)) {
        const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
        if (row) accounts.set(id, row);
      }
      return accounts.get(id);
    },
    takeForSending: async (id, at) => {
      const { s, i } = findTx(id);
      if (s.txs[i]!.status !== 'scheduled') return false;
      setTx(id, { status: 'pending', sentAt: at, updatedAt: at });
      return true;
    },
    appendEntry: async (entry) => {
      const s = stateOf(entry.loanId);
      if (entry.idempotencyKey) {
        const existing = s.entries.find((e) => e.idempotencyKey === entry.idempotencyKey);
        if (existing) return { ...existing };
      }
      if (entry.reversesEntryId != null && s.entries.some((e) => e.reversesEntryId === entry.reversesEntryId)) {
        if (!entry.idempotencyKey) throw new Error('ledger entry conflict without an idempotency key');
        throw new Error(`ledger entry ${entry.idempotencyKey} conflicts on another key`);
      }
      const row = entryRow(await nextId('entry'), entry);
      s.entries.push(row);
      s.entries.sort(byEntryOrder);
      s.newEntries.push(row);
      return { ...row };
    },
    setLoanStatus: async (loanId, status, at, closed) => {
      const s = stateOf(loanId);
      s.loan = { ...s.loan, status, updatedAt: at, ...(closed ? { closedAt: at } : {}) };
      s.status = { status, at, closed };
    },
  };

  return {
    store,
    loanIds: [...states.keys()],
    /** Starts one loan's servicing (its state is saved so that `discard` can undo it). */
    begin: (loanId: number) => {
      const s = states.get(loanId);
      current = { loanId, saved: s ? cloneState(s) : (undefined as unknown as LoanState) };
    },
    /** Undoes what the current loan's servicing did in memory (it threw). */
    discard: () => {
      if (current?.saved) states.set(current.loanId, current.saved);
      current = null;
    },
    keep: () => {
      current = null;
    },
    /** Writes everything the batch changed: a few multi-row statements. */
    flush: async () => {
      const all = [...states.values()];
      const newTxs = all.flatMap((s) => s.txs.filter((t) => s.newTxIds.has(t.id)));
      const changedTxs = all.flatMap((s) => s.txs.filter((t) => s.changedTxIds.has(t.id)));
      await bulkInsert(db, 'loan_transactions', TRANSACTION_COLUMNS, newTxs);
      await bulkInsert(
        db,
        'loan_transactions',
        TRANSACTION_COLUMNS,
        changedTxs,
        `on conflict (id) do update set ${TRANSACTION_MUTABLE.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      );
      await bulkInsert(
        db,
        'ledger_entries',
        ENTRY_COLUMNS,
        all.flatMap((s) => s.newEntries),
      );
      await bulkInsert(
        db,
        'notifications',
        NOTIFICATION_COLUMNS,
        all.flatMap((s) => s.notes),
      );
      for (const s of all) {
        for (const r of s.revokes)
          await db
            .update(autoDebitAuthorizations)
            .set({ revokedAt: r.at })
            .where(and(eq(autoDebitAuthorizations.id, r.id), isNull(autoDebitAuthorizations.revokedAt)));
        if (s.status) {
          await db
            .update(loans)
            .set({ status: s.status.status, updatedAt: s.status.at, ...(s.status.closed ? { closedAt: s.status.at } : {}) })
            .where(eq(loans.id, s.loan.id));
        }
      }
    },
  };
}

/** Collections: the daily run's claims, ACH debits, remittances, the business clock. */
export function collectionsRepository(db: Db) {
  return {
    ...collectionsQueries(db),
    /**
     * Takes ONE pending claim of (job, date) with FOR UPDATE SKIP LOCKED and runs `work` for its loan in
     * the same transaction, then marks the claim done — all or nothing. Returns false when no claim is
     * left ('none'). When `work` throws, the transaction rolls back and the claim records the attempt (failed
     * after `maxAttempts`), so one bad loan never stops the day.
     */
    withNextClaim: async (
      job: string,
      date: IsoDate,
      work: (tx: CollectionsTx, loanId: number) => Promise<void>,
      maxAttempts = 3,
    ): Promise<'none' | 'done' | 'failed'> => {
      let claimed: { id: number; loanId: number; attempts: number } | undefined;
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ id: servicingRuns.id, loanId: servicingRuns.loanId, attempts: servicingRuns.attempts })
            .from(servicingRuns)
            .where(and(eq(servicingRuns.job, job), eq(servicingRuns.businessDate, date), eq(servicingRuns.status, 'pending')))
            .orderBy(asc(servicingRuns.id))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!row) return 'none' as const;
          claimed = row;
          await work(collectionsQueries(tx as unknown as Db), row.loanId);
          await tx
            .update(servicingRuns)
            .set({ status: 'done', attempts: row.attempts + 1, finishedAt: new Date() })
            .where(eq(servicingRuns.id, row.id));
          return 'done' as const;
        });
      } catch (err) {
        if (!claimed) throw err;
        const attempts = claimed.attempts + 1;
        await db
          .update(servicingRuns)
          .set({ attempts, status: attempts >= maxAttempts ? 'failed' : 'pending', lastError: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(servicingRuns.id, claimed.id));
        return 'failed';
      }
    },

    /**
     * Takes up to `size` pending claims of (job, date) with FOR UPDATE SKIP LOCKED and services their loans
     * in ONE transaction through a batch store (everything read up front, writes flushed in bulk), marking
     * the claims done in the same transaction: all or nothing, like one claim. A loan whose `work` throws
     * is undone in memory and its claim records the attempt (failed after `maxAttempts`); the others
     * commit. When the flush itself fails (a conflict the memory did not foresee), the whole batch rolls
     * back and the call answers `{ fallback: n }`: the caller services that many claims one by one.
     */
    withClaimBatch: async (
      job: string,
      date: IsoDate,
      size: number,
      work: (store: LoanServicingStore, loanId: number) => Promise<void>,
      maxAttempts = 3,
    ): Promise<{ claimed: number; done: number[]; failed: number[]; fallback: number }> => {
      let claimedCount = 0;
      try {
        return await db.transaction(async (tx) => {
          const tdb = tx as unknown as Db;
          const claims = await tx
            .select({ id: servicingRuns.id, loanId: servicingRuns.loanId, attempts: servicingRuns.attempts })
            .from(servicingRuns)
            .where(and(eq(servicingRuns.job, job), eq(servicingRuns.businessDate, date), eq(servicingRuns.status, 'pending')))
            .orderBy(asc(servicingRuns.id))
            .limit(size)
            .for('update', { skipLocked: true });
          claimedCount = claims.length;
          if (claims.length === 0) return { claimed: 0, done: [], failed: [], fallback: 0 };
          const batch = await batchStore(
            tdb,
            claims.map((c) => c.loanId),
          );
          const done: typeof claims = [];
          const failed: { claim: (typeof claims)[number]; error: unknown }[] = [];
          for (const c of claims) {
            batch!.begin(c.loanId);
            try {
              await work(batch!.store, c.loanId);
              batch!.keep();
              done.push(c);
            } catch (error) {
              batch!.discard();
              failed.push({ claim: c, error });
            }
          }
          await batch!.flush();
          if (done.length) {
            await tx
              .update(servicingRuns)
              .set({ status: 'done', attempts: sql`${servicingRuns.attempts} + 1`, finishedAt: new Date() })
              .where(
                anyOf(
                  servicingRuns.id,
                  done.map((c) => c.id),
                ),
              );
          }
          for (const f of failed) {
            const attempts = f.claim.attempts + 1;
            await tx
              .update(servicingRuns)
              .set({ attempts, status: attempts >= maxAttempts ? 'failed' : 'pending', lastError: String((f.error as Error).message ?? f.error).slice(0, 500) })
              .where(eq(servicingRuns.id, f.claim.id));
          }
          return {
            claimed: claims.length,
            done: done.map((c) => c.loanId),
            failed: failed.filter((f) => f.claim.attempts + 1 >= maxAttempts).map((f) => f.claim.loanId),
            fallback: 0,
          };
        });
      } catch (err) {
        if (claimedCount === 0) throw err;
        return { claimed: 0, done: [], failed: [], fallback: claimedCount };
      }
    },

    /** Runs `fn` in one transaction with the queries bound to it. */
    inTransaction: <T>(fn: (tx: CollectionsTx) => Promise<T>): Promise<T> => db.transaction(async (tx) => fn(collectionsQueries(tx as unknown as Db))),
  };
}

export type CollectionsRepository = ReturnType<typeof collectionsRepository>;
