import type { Cents } from '@payrail/domain/money';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertNotification } from '../engagement/repository';
import { memberLoanFactsRepository } from './member-loan-facts.repository';
import { memberIdsMatching } from '../identity/repository';
import { violatedUniqueConstraint } from '../../db/errors';
import {
  achCreditTraceNumbers,
  applications,
  autoDebitAuthorizations,
  bankAccounts,
  businessClock,
  disbursements,
  esignatures,
  ledgerEntries,
  dueDateChangeRequests,
  loanDocuments,
  loanInstallments,
  loanScheduleRevisions,
  loanTransactions,
  loans,
  staffActions,
} from '../../db/schema/index';

import { appendLedgerEntry } from './ledger.repository';
import type {
  AutoDebitRow,
  DbTx,
  DisbursementRow,
  LedgerEntryRow,
  LoanRow,
  LoanStatusValue,
  NewAutoDebit,
  NewDebitAccount,
  NewLedgerEntry,
  NewScheduleRevision,
  NewTransaction,
  Runner,
  ScheduleRevisionRow,
  TransactionRow,
} from './ledger.repository';
import { collectionsRepository } from './operations.repository';

export type * from './ledger.repository';

/** The ledger entry kind a settled debit posts as, by the transaction's mode. */
export const LEDGER_KIND_OF_MODE = { one_time: 'one_time_payment', auto_debit: 'scheduled_debit', payoff: 'payoff' } as const;

const append = appendLedgerEntry;

export type OpenLoan = {
  loan: Omit<typeof loans.$inferInsert, 'id'>;
  installments: Omit<typeof loanInstallments.$inferInsert, 'id' | 'loanId'>[];
  disbursement: Omit<typeof disbursements.$inferInsert, 'id' | 'loanId'>;
  signedNoteEsignatureId: number;
  /** A notification written with the loan (the funding's "funded" notice is written when its credit is sent). */
  notification?: string;
  staffAction: Omit<typeof staffActions.$inferInsert, 'id' | 'after'> & { after: (loanId: number) => Record<string, unknown> };
  /** The disbursement entry of the new loan's ledger when it differs from the ACH credit (a refinance: the full proceeds). */
  ledgerDisbursementCents?: Cents;
  /** A refinance: the old loan's payoff from the proceeds, in the same transaction. */
  refinance?: { oldLoanId: number; payoffCents: Cents; payoffDate: IsoDate; notification: string };
  /**
   * The loan's auto-debit authorization (an application repaid by auto-debit), written with the loan.
   * `carriedFromId`: a refinance carrying the old loan's active authorization over; it is written only if
   * that authorization was still active when the refinance revoked it (never revived once revoked).
   */
  autoDebit?: Omit<typeof autoDebitAuthorizations.$inferInsert, 'id' | 'loanId' | 'userId' | 'createdAt' | 'revokedAt'> & { carriedFromId?: number };
};

/** A loan document's stored file: the signed note's, or the signed due-date change agreement's. */
export type StoredFile = { id: number; storageKey: string; sha256: string; byteSize: number };
type FileSources = { esignature: StoredFile | null; change: StoredFile | null };
function withFile<T extends FileSources>(rows: T[]): (T & { file: StoredFile })[] {
  return rows.flatMap((r) => {
    const file = r.esignature ?? r.change;
    return file ? [{ ...r, file }] : [];
  });
}

/** A payment of any source posted to the ledger (see `recordPayment`). */
export type RecordPayment = {
  loanId: number;
  kind: 'scheduled_debit' | 'one_time_payment' | 'payroll_remittance' | 'payoff';
  effectiveDate: IsoDate;
  amountCents: Cents;
  transactionId?: number | null;
  transactionStatus?: 'pending' | 'settled';
  achTraceId?: string | null;
  idempotencyKey?: string | null;
  reason?: string | null;
  staffId?: number | null;
  at: Date;
};

async function recordPaymentIn(tx: Runner, p: RecordPayment): Promise<LedgerEntryRow> {
  const key = p.idempotencyKey ?? (p.transactionId != null ? `payment:txn:${String(p.transactionId)}` : null);
  const entry = await append(tx, {
    loanId: p.loanId,
    kind: p.kind,
    effectiveDate: p.effectiveDate,
    amountCents: p.amountCents,
    transactionId: p.transactionId ?? null,
    idempotencyKey: key,
    reason: p.reason ?? null,
    createdByStaffId: p.staffId ?? null,
    createdAt: p.at,
  });
  if (p.transactionId != null) {
    const status = p.transactionStatus ?? 'pending';
    await tx
      .update(loanTransactions)
      .set({
        status,
        ...(status === 'settled' ? { settledOn: p.effectiveDate } : {}),
        ...(p.achTraceId ? { achTraceId: p.achTraceId } : {}),
        sentAt: sql`coalesce(${loanTransactions.sentAt}, ${p.at.toISOString()}::timestamptz)`,
        updatedAt: p.at,
      })
      .where(and(eq(loanTransactions.id, p.transactionId), inArray(loanTransactions.status, ['scheduled', 'pending'])));
  }
  await tx.update(loans).set({ updatedAt: p.at }).where(eq(loans.id, p.loanId));
  return entry;
}

/** A borrower's payment request (see `createPaymentRequest`). */
export type NewPaymentRequest = {
  transaction: Omit<NewTransaction, 'bankAccountId' | 'autoDebitAuthorizationId' | 'responseBody'> & { bankAccountId: number | null };
  newAccount: NewDebitAccount | null;
  autoDebit: NewAutoDebit | null;
  /** The borrower's in-app notification, written with the request. */
  notification: string;
  answer: (row: TransactionRow) => Record<string, unknown>;
};

async function createPaymentRequestIn(tx: Runner, p: NewPaymentRequest): Promise<{ created: true; row: TransactionRow }> {
  let accountId = p.transaction.bankAccountId;
  if (p.newAccount) {
    const [account] = await tx.insert(bankAccounts).values(p.newAccount).returning({ id: bankAccounts.id });
    accountId = account!.id;
  }
  let authorizationId: number | null = null;
  if (p.autoDebit) {
    if (accountId === null) throw new Error('an auto-debit needs an account');
    const [authorization] = await tx
      .insert(autoDebitAuthorizations)
      .values({ ...p.autoDebit, bankAccountId: accountId })
      .returning({ id: autoDebitAuthorizations.id });
    authorizationId = authorization!.id;
  }
  const [inserted] = await tx
    .insert(loanTransactions)
    .values({ ...p.transaction, bankAccountId: accountId, autoDebitAuthorizationId: authorizationId })
    .returning();
  await insertNotification(tx, { userId: p.transaction.userId, message: p.notification, at: p.transaction.createdAt });
  const responseBody = p.answer(inserted!);
  const [row] = await tx.update(loanTransactions).set({ responseBody }).where(eq(loanTransactions.id, inserted!.id)).returning();
  return { created: true as const, row: row! };
}

/**
 * One loan held under its row lock (`withLockedLoan`): the row as locked, its ledger and transactions read
 * inside the lock, and the writes that depend on them — in the lock's transaction.
 */
function lockedLoan(tx: Runner, loan: LoanRow) {
  return {
    loan,
    /** The lock's transaction, for a hook of a higher module that writes with the loan (loan-book/hooks.ts). */
    tx,
    entries: (): Promise<LedgerEntryRow[]> =>
      tx.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.id)).orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id)),
    entryByKey: async (key: string): Promise<LedgerEntryRow | undefined> =>
      (await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1))[0],
    append: (entry: NewLedgerEntry) => append(tx, entry),
    transactions: (): Promise<TransactionRow[]> =>
      tx.select().from(loanTransactions).where(eq(loanTransactions.loanId, loan.id)).orderBy(asc(loanTransactions.scheduledDate), asc(loanTransactions.id)),
    transactionByKey: async (userId: number, key: string): Promise<TransactionRow | undefined> =>
      (
        await tx
          .select()
          .from(loanTransactions)
          .where(and(eq(loanTransactions.userId, userId), eq(loanTransactions.idempotencyKey, key)))
          .limit(1)
      )[0],
    activeAutoDebit: async (): Promise<AutoDebitRow | undefined> =>
      (
        await tx
          .select()
          .from(autoDebitAuthorizations)
          .where(and(eq(autoDebitAuthorizations.loanId, loan.id), isNull(autoDebitAuthorizations.revokedAt)))
          .limit(1)
      )[0],
    createPaymentRequest: (p: NewPaymentRequest) => createPaymentRequestIn(tx, p),
    recordPayment: (p: RecordPayment) => recordPaymentIn(tx, p),
    /** Cancels payments still scheduled (a payoff replaces them); the authorizations stay in force. */
    cancelScheduled: async (ids: readonly number[], at: Date): Promise<TransactionRow[]> =>
      ids.length === 0
        ? []
        : tx
            .update(loanTransactions)
            .set({ status: 'canceled', canceledAt: at, updatedAt: at })
            .where(and(inArray(loanTransactions.id, [...ids]), eq(loanTransactions.status, 'scheduled')))
            .returning(),
    notify: (userId: number, message: string, at: Date) => insertNotification(tx, { userId, message, at }),

    // ── A returned disbursement (use-cases/disbursement-returns.ts; docs/servicing-operations.md) ──
    /** The loan's disbursements, oldest first (the last one is the credit in force). */
    disbursements: (): Promise<DisbursementRow[]> => tx.select().from(disbursements).where(eq(disbursements.loanId, loan.id)).orderBy(asc(disbursements.id)),
    /** The credit came back from the borrower's bank: returned, with the code and the date. */
    markDisbursementReturned: async (id: number, returnCode: string, returnedOn: IsoDate, at: Date): Promise<void> => {
      await tx
        .update(disbursements)
        .set({ status: 'returned', returnCode, returnedOn, updatedAt: at })
        .where(and(eq(disbursements.id, id), eq(disbursements.loanId, loan.id)));
    },
    /** A disbursement written before its credit was sent (`UNSENT_TRACE_ID`): the originator's trace id and status once sent. */
    markDisbursementSent: async (id: number, traceId: string, status: DisbursementRow['status'], at: Date): Promise<DisbursementRow | undefined> => {
      const [row] = await tx
        .update(disbursements)
        .set({ traceId, status, updatedAt: at })
        .where(and(eq(disbursements.id, id), eq(disbursements.loanId, loan.id), eq(disbursements.traceId, UNSENT_TRACE_ID)))
        .returning();
      return row;
    },
    /** A credit never sent, canceled with its loan (`cancelUnsentLoan`): never sent after this. Answers the row, or undefined when it was sent meanwhile. */
    markDisbursementCanceled: async (id: number, at: Date): Promise<DisbursementRow | undefined> => {
      const [row] = await tx
        .update(disbursements)
        .set({ status: 'canceled', updatedAt: at })
        .where(
          and(eq(disbursements.id, id), eq(disbursements.loanId, loan.id), eq(disbursements.traceId, UNSENT_TRACE_ID), eq(disbursements.status, 'pending')),
        )
        .returning();
      return row;
    },
    /** A re-disbursement of the returned one (`retryOfId`, unique: re-sent once). */
    addDisbursement: async (d: Omit<typeof disbursements.$inferInsert, 'id' | 'loanId'>): Promise<DisbursementRow> => {
      const [row] = await tx
        .insert(disbursements)
        .values({ ...d, loanId: loan.id })
        .returning();
      return row!;
    },
    /** Moves the locked loan to `to` (pending while its money has not arrived; opened; closed_paid). */
    setStatus: async (to: LoanStatusValue, at: Date): Promise<void> => {
      const closed = to === 'closed_paid' || to === 'closed_refinanced' || to === 'charge_off';
      await tx
        .update(loans)
        .set({ status: to, updatedAt: at, closedAt: closed ? at : null })
        .where(eq(loans.id, loan.id));
    },
    /** Ends every active auto-debit of the loan (nothing is left to collect). */
    revokeAutoDebits: async (at: Date): Promise<number> =>
      (
        await tx
          .update(autoDebitAuthorizations)
          .set({ revokedAt: at })
          .where(and(eq(autoDebitAuthorizations.loanId, loan.id), isNull(autoDebitAuthorizations.revokedAt)))
          .returning({ id: autoDebitAuthorizations.id })
      ).length,
    audit: async (action: Omit<typeof staffActions.$inferInsert, 'id'>): Promise<void> => {
      await tx.insert(staffActions).values(action);
    },
  };
}
/** The handle `withLockedLoan` gives its function. */
export type LockedLoan = ReturnType<typeof lockedLoan>;

/**
 * The trace id of a disbursement written with its loan before its ACH credit is sent (funding writes first,
 * sends after the commit: use-cases/fund-application.ts); replaced by the originator's trace id once sent.
 */
export const UNSENT_TRACE_ID = 'unsent';

/** The loan being refinanced was no longer open when the refinance committed (another funding won). */
class OldLoanNotOpen extends Error {}

/** What the back office's loan list asks for (use-cases/list-loans.ts). */
export type LoanListFilter = {
  status?: LoanStatusValue | undefined;
  repayMethod?: 'split_direct_deposit' | 'auto_debit' | 'one_times' | undefined;
  /** The search: any of these matches (a loan's id, its number's first digits, its borrower's name, e-mail or phone). */
  search?: { id: number | null; numberDigits: string | null; text: string | null; phoneDigits: string | null } | undefined;
  /**
   * Only loans that may be at least `minDays` past due on `date`: an installment fell due `minDays` days
   * before the day the loan is read as of (never before its disbursement; a closed loan's last entry) —
   * a necessary condition, the caller derives the exact days from the ledger.
   */
  pastDueAtLeast?: { minDays: number; date: string } | undefined;
};
export type LoanListRow = { loan: LoanRow; repayMethod: 'split_direct_deposit' | 'auto_debit' | 'one_times' | null };

function loanListWhere(db: Db, f: LoanListFilter): SQL[] {
  const where: SQL[] = [];
  if (f.status) where.push(eq(loans.status, f.status));
  if (f.repayMethod) where.push(eq(applications.paymentMethod, f.repayMethod));
  const s = f.search;
  if (s) {
    const anyOf: SQL[] = [];
    if (s.id !== null) anyOf.push(eq(loans.id, s.id));
    if (s.numberDigits) anyOf.push(sql`replace(${loans.identifier}, '-', '') like ${`${s.numberDigits}%`}`);
    if (s.text || s.phoneDigits) anyOf.push(inArray(loans.userId, memberIdsMatching(db, { text: s.text, digits: s.phoneDigits })));
    where.push(anyOf.length > 0 ? or(...anyOf)! : sql`false`);
  }
  if (f.pastDueAtLeast) {
    const { minDays, date } = f.pastDueAtLeast;
    where.push(sql`exists (select 1 from ${loanInstallments} i where i.loan_id = ${loans.id} and i.due_date <= (case
      when ${loans.status} in ('closed_paid', 'closed_refinanced')
        then greatest(${date}::date, ${loans.disbursementDate}, (select max(e.effective_date) from ${ledgerEntries} e where e.loan_id = ${loans.id}))
      else greatest(${date}::date, ${loans.disbursementDate}) end) - ${minDays}::int)`);
  }
  return where;
}

/** Loans, their schedules, disbursements and documents. */
export function servicingRepository(db: Db) {
  // The borrower's loan screens (ongoing loans, history, last loan) read these on every call: built once,
  // and planned once per connection on PostgreSQL.
  const id = (name: string) => sql.placeholder(name);
  const loansOfUserStmt = db
    .select()
    .from(loans)
    .where(eq(loans.userId, id('userId')))
    .orderBy(desc(loans.id))
    .prepare('servicing_loans_of_user');
  const noteOfStmt = db
    .select({ document: loanDocuments, esignature: esignatures })
    .from(loanDocuments)
    .innerJoin(esignatures, eq(esignatures.id, loanDocuments.esignatureId))
    .where(and(eq(loanDocuments.loanId, id('loanId')), eq(loanDocuments.kind, 'signed_note')))
    .limit(1)
    .prepare('servicing_note_of');
  const ledgerStmt = db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.loanId, id('loanId')))
    .orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id))
    .prepare('servicing_ledger');
  const transactionsOfLoanStmt = db
    .select()
    .from(loanTransactions)
    .where(eq(loanTransactions.loanId, id('loanId')))
    .orderBy(asc(loanTransactions.scheduledDate), asc(loanTransactions.id))
    .prepare('servicing_transactions_of_loan');
  // Refinance eligibility only asks whether a payment is still on its way, not for the rows.
  const pendingTransactionStmt = db
    .select({ id: loanTransactions.id })
    .from(loanTransactions)
    .where(and(eq(loanTransactions.loanId, id('loanId')), inArray(loanTransactions.status, ['scheduled', 'pending'])))
    .limit(1)
    .prepare('servicing_pending_transaction_of_loan');
  const businessClockStmt = db
    .select({ overrideDate: businessClock.overrideDate })
    .from(businessClock)
    .where(eq(businessClock.id, 1))
    .limit(1)
    .prepare('servicing_business_clock');

  return {
    /** The loans whose disbursement was written but whose credit was not sent yet (a send that failed or a crash after the commit); not one canceled unsent. */
    loansWithUnsentCredit: async (): Promise<number[]> =>
      (
        await db
          .selectDistinct({ loanId: disbursements.loanId })
          .from(disbursements)
          .where(and(eq(disbursements.traceId, UNSENT_TRACE_ID), eq(disbursements.status, 'pending')))
      ).map((r) => r.loanId),
    disbursementByKey: async (key: string) => {
      const [row] = await db.select().from(disbursements).where(eq(disbursements.idempotencyKey, key)).limit(1);
      return row;
    },
    /** How the loan is repaid, as its application chose (split_direct_deposit: payroll allotment). */
    repaymentMethodOf: async (loanId: number): Promise<'split_direct_deposit' | 'auto_debit' | 'one_times' | null> => {
      const [row] = await db
        .select({ method: applications.paymentMethod })
        .from(loans)
        .innerJoin(applications, eq(applications.id, loans.applicationId))
        .where(eq(loans.id, loanId))
        .limit(1);
      return row?.method ?? null;
    },
    loanOfApplication: async (applicationId: number) => {
      const [row] = await db.select().from(loans).where(eq(loans.applicationId, applicationId)).limit(1);
      return row;
    },
    disbursements: (loanId: number) => db.select().from(disbursements).where(eq(disbursements.loanId, loanId)).orderBy(desc(disbursements.id)),
    /** The disbursement a bank's return of a credit quotes by its original trace number. */
    disbursementByTraceNumber: async (traceNumber: string): Promise<DisbursementRow | undefined> => {
      const [row] = await db.select().from(disbursements).where(eq(disbursements.achTraceNumber, traceNumber)).limit(1);
      return row;
    },
    /** The originator's key a credit's NACHA trace number was reserved for (a bank's return quotes the number), or undefined. */
    creditTraceKey: async (traceNumber: string): Promise<string | undefined> =>
      (await db.select().from(achCreditTraceNumbers).where(eq(achCreditTraceNumbers.traceNumber, traceNumber)).limit(1))[0]?.idempotencyKey,
    /**
     * The NACHA trace number of the ACH credit sent under `idempotencyKey`, reserved once and committed
     * before the credit is sent (a retry gets the same number). Its sequence is the next value of the
     * debits' sequence (`loan_transactions`' ids), which no debit will ever take; `traceOf` turns it into
     * the fifteen digits (ODFI id + sequence).
     */
    reserveCreditTraceNumber: async (idempotencyKey: string, traceOf: (sequence: number) => string, at: Date): Promise<string> => {
      const held = async () =>
        (await db.select().from(achCreditTraceNumbers).where(eq(achCreditTraceNumbers.idempotencyKey, idempotencyKey)).limit(1))[0]?.traceNumber;
      const had = await held();
      if (had) return had;
      const res = (await db.execute(sql`select nextval(pg_get_serial_sequence('loan_transactions', 'id'))::int as n`)) as unknown as {
        rows: { n: number | string }[];
      };
      await db
        .insert(achCreditTraceNumbers)
        .values({ idempotencyKey, traceNumber: traceOf(Number(res.rows[0]!.n)), createdAt: at })
        .onConflictDoNothing({ target: achCreditTraceNumbers.idempotencyKey });
      const reserved = await held();
      if (!reserved) throw new Error(`no trace number reserved for ${idempotencyKey}`);
      return reserved;
    },
    signedNote: async (loanId: number) => {
      const [row] = await db
        .select()
        .from(loanDocuments)
        .where(and(eq(loanDocuments.loanId, loanId), eq(loanDocuments.kind, 'signed_note')))
        .limit(1);
      return row;
    },

    /**
     * Opens a loan in ONE transaction: the loan, its installments, the disbursement (unique idempotency
     * key), the signed note reference, the auto-debit authorization (when given), the borrower's
     * notification (when given) and the staff action. A unique violation answers which constraint lost the race
     * (same key, or the application already funded).
     */
    open: async (o: OpenLoan): Promise<{ ok: true; loan: LoanRow; disbursement: DisbursementRow } | { ok: false; constraint: string }> => {
      try {
        return await db.transaction(async (tx) => {
          // A refinance locks the loan it pays off FIRST, as every command on a loan does: the new loan's rows move the
          // member's data version (migration 0042), and a version row taken before the old loan's lock would wait in the
          // opposite order to a payment or the daily run holding that lock and writing for the same member (deadlock).
          if (o.refinance) await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, o.refinance.oldLoanId)).for('update');
          const [loan] = await tx.insert(loans).values(o.loan).returning();
          await tx.insert(loanInstallments).values(o.installments.map((i) => ({ ...i, loanId: loan!.id })));
          const [disbursement] = await tx
            .insert(disbursements)
            .values({ ...o.disbursement, loanId: loan!.id })
            .returning();
          await tx.insert(loanDocuments).values({ loanId: loan!.id, kind: 'signed_note', esignatureId: o.signedNoteEsignatureId, createdAt: o.loan.createdAt });
          await append(tx, {
            loanId: loan!.id,
            kind: 'disbursement',
            effectiveDate: o.loan.disbursementDate,
            amountCents: o.ledgerDisbursementCents ?? disbursement!.amountCents,
            idempotencyKey: `disbursement:${String(disbursement!.id)}`,
            createdByStaffId: o.loan.fundedByStaffId ?? null,
            createdAt: o.loan.createdAt,
          });
          let revokedOfOldLoan: { id: number }[] = [];
          if (o.refinance) {
            const r = o.refinance;
            // The old loan closes as Refinanced only if it is still open: a concurrent funding makes this miss.
            const closed = await tx
              .update(loans)
              .set({ status: 'closed_refinanced', closedAt: o.loan.createdAt, updatedAt: o.loan.createdAt })
              .where(and(eq(loans.id, r.oldLoanId), eq(loans.status, 'opened')))
              .returning({ id: loans.id });
            if (closed.length === 0) throw new OldLoanNotOpen();
            await append(tx, {
              loanId: r.oldLoanId,
              kind: 'payoff',
              effectiveDate: r.payoffDate,
              amountCents: r.payoffCents,
              reason: `Refinanced by loan ${o.loan.identifier}`,
              idempotencyKey: `refinance_payoff:${String(r.oldLoanId)}`,
              createdByStaffId: o.loan.fundedByStaffId ?? null,
              createdAt: o.loan.createdAt,
            });
            // Nothing more is collected on the old loan: scheduled debits are canceled, auto-debits revoked.
            await tx
              .update(loanTransactions)
              .set({ status: 'canceled', updatedAt: o.loan.createdAt })
              .where(and(eq(loanTransactions.loanId, r.oldLoanId), eq(loanTransactions.status, 'scheduled')));
            revokedOfOldLoan = await tx
              .update(autoDebitAuthorizations)
              .set({ revokedAt: o.loan.createdAt })
              .where(and(eq(autoDebitAuthorizations.loanId, r.oldLoanId), isNull(autoDebitAuthorizations.revokedAt)))
              .returning({ id: autoDebitAuthorizations.id });
            await insertNotification(tx, { userId: o.loan.userId, message: r.notification, at: o.loan.createdAt });
          }
          // The auto-debit chosen in the application: the daily run debits each installment from it.
          if (o.autoDebit) {
            const { carriedFromId, ...authorization } = o.autoDebit;
            if (carriedFromId === undefined || revokedOfOldLoan.some((a) => a.id === carriedFromId)) {
              await tx
                .insert(autoDebitAuthorizations)
                .values({ ...authorization, loanId: loan!.id, userId: o.loan.userId, createdAt: o.loan.createdAt, revokedAt: null });
            }
          }
          if (o.notification) await insertNotification(tx, { userId: o.loan.userId, message: o.notification, at: o.loan.createdAt });
          await tx.insert(staffActions).values({ ...o.staffAction, after: o.staffAction.after(loan!.id) });
          return { ok: true as const, loan: loan!, disbursement: disbursement! };
        });
      } catch (err) {
        if (err instanceof OldLoanNotOpen) return { ok: false, constraint: 'old_loan_not_open' };
        const constraint = violatedUniqueConstraint(err);
        if (constraint) return { ok: false, constraint };
        throw err;
      }
    },

    // ── The back office's loan list (use-cases/list-loans.ts) ──────────────────────────────────────
    /** Loans matching the filter, newest first (by id), below `before` when given: one statement. */
    loanList: (f: LoanListFilter, page: { before: number | null; limit: number }): Promise<LoanListRow[]> => {
      const where = loanListWhere(db, f);
      if (page.before !== null) where.push(lt(loans.id, page.before));
      return db
        .select({ loan: loans, repayMethod: applications.paymentMethod })
        .from(loans)
        .leftJoin(applications, eq(applications.id, loans.applicationId))
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(desc(loans.id))
        .limit(page.limit);
    },
    /** How many loans match the filter (every page). */
    loanListCount: async (f: LoanListFilter): Promise<number> => {
      const where = loanListWhere(db, f);
      const [row] = await db
        .select({ n: count() })
        .from(loans)
        .leftJoin(applications, eq(applications.id, loans.applicationId))
        .where(where.length > 0 ? and(...where) : undefined);
      return Number(row?.n ?? 0);
    },

    // ── Borrower reads ────────────────────────────────────────────────────────────────────────────
    /** The member's loans, newest first. */
    loansOfUser: (userId: number): Promise<LoanRow[]> => loansOfUserStmt.execute({ userId }),
    /** Whether a payment of the loan is scheduled or pending (in flight). */
    hasPendingTransaction: async (loanId: number): Promise<boolean> => (await pendingTransactionStmt.execute({ loanId })).length > 0,
    /** The signed note (e-signature record) a loan was opened from: its figures are the contract. */
    noteOf: async (loanId: number) => (await noteOfStmt.execute({ loanId }))[0],
    /**
     * A loan's documents with the signed record behind each: the note's e-signature, or the signed
     * due-date change request (`file`: where the sealed PDF is and its SHA-256, whichever it is).
     */
    documentsOf: async (loanId: number) =>
      withFile(
        await db
          .select({ document: loanDocuments, esignature: esignatures, change: dueDateChangeRequests })
          .from(loanDocuments)
          .leftJoin(esignatures, eq(esignatures.id, loanDocuments.esignatureId))
          .leftJoin(dueDateChangeRequests, eq(dueDateChangeRequests.id, loanDocuments.dueDateChangeRequestId))
          .where(eq(loanDocuments.loanId, loanId))
          .orderBy(asc(loanDocuments.id)),
      ),
    /** Documents by id, with their loan (the caller checks the owner). */
    documentsById: async (ids: number[]) =>
      withFile(
        await db
          .select({ document: loanDocuments, esignature: esignatures, change: dueDateChangeRequests, loan: loans })
          .from(loanDocuments)
          .leftJoin(esignatures, eq(esignatures.id, loanDocuments.esignatureId))
          .leftJoin(dueDateChangeRequests, eq(dueDateChangeRequests.id, loanDocuments.dueDateChangeRequestId))
          .innerJoin(loans, eq(loans.id, loanDocuments.loanId))
          .where(inArray(loanDocuments.id, ids)),
      ),

    // ── Ledger (append-only; every function here may be called by the servicing run) ───────────────
    /** Every ledger entry of a loan, in order. */
    ledger: (loanId: number): Promise<LedgerEntryRow[]> => ledgerStmt.execute({ loanId }),
    /** Ledger entries of several loans (payment history across loans). */
    ledgerOfLoans: (loanIds: number[]) =>
      loanIds.length === 0
        ? Promise.resolve([] as LedgerEntryRow[])
        : db.select().from(ledgerEntries).where(inArray(ledgerEntries.loanId, loanIds)).orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id)),
    /**
     * Applies a revision of the loan's due dates in ONE transaction holding the loan's row lock: only when
     * the dates in force are still `revision.dueDatesBefore` (else nothing is written and the answer is
     * false: another change won), the revision row (one per request: unique kind + source), the loan's
     * dates in force and re-disclosed APR, the installments' due dates, and the caller's own writes
     * (`also`, e.g. the request marked applied, a notification) with them.
     */
    reviseDueDates: (
      revision: NewScheduleRevision,
      contractDueDates: readonly string[],
      also?: (tx: DbTx, book: LockedLoan) => Promise<void>,
    ): Promise<ScheduleRevisionRow | null> =>
      db.transaction(async (tx) => {
        const [loan] = await tx.select().from(loans).where(eq(loans.id, revision.loanId)).for('update');
        if (!loan) return null;
        const inForce = loan.revisedDueDates ?? contractDueDates;
        if (JSON.stringify(inForce) !== JSON.stringify(revision.dueDatesBefore)) return null;
        const [row] = await tx.insert(loanScheduleRevisions).values(revision).onConflictDoNothing().returning();
        if (!row) return null;
        await tx
          .update(loans)
          .set({ revisedDueDates: [...revision.dueDatesAfter], aprPercent: revision.aprAfter, updatedAt: revision.createdAt })
          .where(eq(loans.id, revision.loanId));
        const after = revision.dueDatesAfter;
        for (let i = 0; i < after.length; i++) {
          if (after[i] === revision.dueDatesBefore[i]) continue;
          await tx
            .update(loanInstallments)
            .set({ dueDate: parseIsoDate(after[i]!) })
            .where(and(eq(loanInstallments.loanId, revision.loanId), eq(loanInstallments.n, i + 1)));
        }
        if (also) await also(tx, lockedLoan(tx, loan));
        return row;
      }),
    /** The loan's due-date revisions, oldest first. */
    scheduleRevisions: (loanId: number): Promise<ScheduleRevisionRow[]> =>
      db.select().from(loanScheduleRevisions).where(eq(loanScheduleRevisions.loanId, loanId)).orderBy(asc(loanScheduleRevisions.id)),
    /**
     * Runs `fn` in one transaction holding the loan's row lock (FOR UPDATE: the daily run and the back
     * office wait), with its ledger read and written inside: a check of the balances and the entry that
     * depends on it cannot interleave with another writer of the loan.
     */
    withLockedLoan: <T>(loanId: number, fn: (q: LockedLoan) => Promise<T>): Promise<T> =>
      db.transaction(async (tx) => {
        const [locked] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
        if (!locked) throw new Error(`loan ${String(loanId)} does not exist`);
        return fn(lockedLoan(tx, locked));
      }),
    /**
     * Records a payment of any source as a ledger entry and, when it comes from a transaction, moves that
     * transaction to `transactionStatus` (default pending: sent to the bank) in the same database
     * transaction. Idempotent per transaction (`payment:txn:<id>`) or on the given key.
     */
    recordPayment: async (p: RecordPayment): Promise<LedgerEntryRow> =>
      db.transaction(async (tx) => {
        await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, p.loanId)).for('update');
        return recordPaymentIn(tx, p);
      }),
    /** A sent debit cleared the return window: pending → settled. False when it was not pending. */
    settleTransaction: async (id: number, settledOn: IsoDate, at: Date): Promise<boolean> => {
      const rows = await db
        .update(loanTransactions)
        .set({ status: 'settled', settledOn, updatedAt: at })
        .where(and(eq(loanTransactions.id, id), eq(loanTransactions.status, 'pending')))
        .returning({ id: loanTransactions.id });
      return rows.length === 1;
    },
    /**
     * Reverses a posted payment (an ACH return, or a servicer's reversal): appends a `reversal` entry
     * naming it, dated `returnedOn`, and marks its transaction returned with the code — one database
     * transaction; a second reversal of the same entry returns the first (unique reverses_entry_id).
     */
    reversePayment: async (r: {
      entryId: number;
      returnedOn: IsoDate;
      reasonCode: string | null;
      reason: string | null;
      staffId?: number | null;
      at: Date;
    }): Promise<LedgerEntryRow> =>
      db.transaction(async (tx) => {
        const [paid] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, r.entryId)).limit(1);
        if (!paid) throw new Error(`ledger entry ${String(r.entryId)} does not exist`);
        if (!['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff'].includes(paid.kind))
          throw new Error(`ledger entry ${String(r.entryId)} is not a payment`);
        // The loan's row lock first, as every command that moves money on a loan.
        await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, paid.loanId)).for('update');
        const reversal = await append(tx, {
          loanId: paid.loanId,
          kind: 'reversal',
          effectiveDate: r.returnedOn,
          amountCents: paid.amountCents,
          transactionId: paid.transactionId,
          reversesEntryId: paid.id,
          reasonCode: r.reasonCode,
          reason: r.reason,
          idempotencyKey: `reversal:${String(paid.id)}`,
          createdByStaffId: r.staffId ?? null,
          createdAt: r.at,
        });
        if (paid.transactionId != null) {
          await tx
            .update(loanTransactions)
            .set({ status: 'returned', returnedOn: r.returnedOn, returnCode: r.reasonCode, updatedAt: r.at })
            .where(and(eq(loanTransactions.id, paid.transactionId), inArray(loanTransactions.status, ['pending', 'settled'])));
        }
        await tx.update(loans).set({ updatedAt: r.at }).where(eq(loans.id, paid.loanId));
        return reversal;
      }),
    /** The payment entry a transaction posted, if any. */
    paymentEntryOf: async (transactionId: number) => {
      const [row] = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.transactionId, transactionId), inArray(ledgerEntries.kind, ['scheduled_debit', 'one_time_payment', 'payoff'])))
        .limit(1);
      return row;
    },
    /** Moves a loan's status when it is still `from` (a concurrent move wins once). */
    moveLoanStatus: async (loanId: number, from: LoanStatusValue, to: LoanStatusValue, at: Date): Promise<boolean> => {
      const closed = to === 'closed_paid' || to === 'closed_refinanced' || to === 'charge_off';
      const rows = await db
        .update(loans)
        .set({ status: to, updatedAt: at, closedAt: closed ? at : null })
        .where(and(eq(loans.id, loanId), eq(loans.status, from)))
        .returning({ id: loans.id });
      return rows.length === 1;
    },

    // ── Transactions (payment requests and debits) ───────────────────────────────────────────────
    transactionsOfLoan: (loanId: number): Promise<TransactionRow[]> => transactionsOfLoanStmt.execute({ loanId }),
    transaction: async (id: number) => {
      const [row] = await db.select().from(loanTransactions).where(eq(loanTransactions.id, id)).limit(1);
      return row;
    },
    /** The member's debit-card payments across loans, newest first. */
    cardTransactionsOfUser: (userId: number) =>
      db
        .select()
        .from(loanTransactions)
        .where(and(eq(loanTransactions.userId, userId), eq(loanTransactions.method, 'debitcard')))
        .orderBy(desc(loanTransactions.createdAt), desc(loanTransactions.id)),
    transactionByKey: async (userId: number, key: string) => {
      const [row] = await db
        .select()
        .from(loanTransactions)
        .where(and(eq(loanTransactions.userId, userId), eq(loanTransactions.idempotencyKey, key)))
        .limit(1);
      return row;
    },
    /** Scheduled transactions due on or before `date` (what the run sends). */
    scheduledDue: (date: IsoDate) =>
      db
        .select()
        .from(loanTransactions)
        .where(and(eq(loanTransactions.status, 'scheduled'), lte(loanTransactions.scheduledDate, date)))
        .orderBy(asc(loanTransactions.scheduledDate), asc(loanTransactions.id)),
    /** Sent debits (pending), for settlement after the return window. */
    pendingTransactions: () => db.select().from(loanTransactions).where(eq(loanTransactions.status, 'pending')).orderBy(asc(loanTransactions.id)),
    /**
     * Creates a payment request under the member's Idempotency-Key — atomically: ONE insert wins the
     * unique (user_id, idempotency_key); its answer is stored in the same database transaction, so a
     * concurrent or later retry reads the first row and its answer. An auto-debit also stores its
     * authorization, and a new debit account and the borrower's notification are written in that
     * transaction too (a retry writes nothing).
     */
    createPaymentRequest: async (
      p: NewPaymentRequest,
    ): Promise<{ created: true; row: TransactionRow } | { created: false; row: TransactionRow | undefined; constraint: string }> => {
      try {
        return await db.transaction(async (tx) => createPaymentRequestIn(tx, p));
      } catch (err) {
        const constraint = violatedUniqueConstraint(err);
        if (constraint === null) throw err;
        const key = p.transaction.idempotencyKey;
        return { created: false, constraint, row: key ? await servicingRepository(db).transactionByKey(p.transaction.userId, key) : undefined };
      }
    },
    /**
     * The borrower cancels a scheduled payment: scheduled → canceled only (false once sent, settled,
     * returned or canceled). Canceling an auto-debit's scheduled debit also revokes the authorization,
     * so the run creates no further debits — in one database transaction.
     */
    cancelTransaction: async (id: number, at: Date): Promise<TransactionRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(loanTransactions)
          .set({ status: 'canceled', canceledAt: at, updatedAt: at })
          .where(and(eq(loanTransactions.id, id), eq(loanTransactions.status, 'scheduled')))
          .returning();
        if (!row) return null;
        if (row.autoDebitAuthorizationId !== null) {
          await tx
            .update(autoDebitAuthorizations)
            .set({ revokedAt: at })
            .where(and(eq(autoDebitAuthorizations.id, row.autoDebitAuthorizationId), isNull(autoDebitAuthorizations.revokedAt)));
        }
        return row;
      }),

    // ── Auto-debit ───────────────────────────────────────────────────────────────────────────────
    /** Every active auto-debit authorization of a loan that is opened or in default: what the run may debit. */
    activeAutoDebits: () =>
      db
        .select({ authorization: autoDebitAuthorizations, loan: loans })
        .from(autoDebitAuthorizations)
        .innerJoin(loans, eq(loans.id, autoDebitAuthorizations.loanId))
        .where(and(isNull(autoDebitAuthorizations.revokedAt), inArray(loans.status, ['opened', 'default'])))
        .orderBy(asc(autoDebitAuthorizations.id)),
    /**
     * Creates the debit of installment `installmentN` under an authorization, once: the partial unique
     * index (authorization, installment) makes a second call return undefined.
     */
    createAutoDebitTransaction: async (t: { authorization: AutoDebitRow; installmentN: number; scheduledDate: IsoDate; amountCents: Cents; at: Date }) => {
      const [row] = await db
        .insert(loanTransactions)
        .values({
          loanId: t.authorization.loanId,
          userId: t.authorization.userId,
          mode: 'auto_debit',
          method: 'ach',
          status: 'scheduled',
          amountCents: t.amountCents,
          scheduledDate: t.scheduledDate,
          bankAccountId: t.authorization.bankAccountId,
          autoDebitAuthorizationId: t.authorization.id,
          installmentN: t.installmentN,
          createdAt: t.at,
          updatedAt: t.at,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    // ── Business clock ───────────────────────────────────────────────────────────────────────────
    /** The business-date override (null: the real date). */
    businessDateOverride: async (): Promise<IsoDate | null> => {
      const [row] = await businessClockStmt.execute();
      return row?.overrideDate ?? null;
    },
    /** Sets (or clears, with null) the business-date override. */
    setBusinessDateOverride: async (date: IsoDate | null, staffId: number | null, at: Date): Promise<void> => {
      await db
        .insert(businessClock)
        .values({ id: 1, overrideDate: date, updatedByStaffId: staffId, updatedAt: at })
        .onConflictDoUpdate({ target: businessClock.id, set: { overrideDate: date, updatedByStaffId: staffId, updatedAt: at } });
    },
  };
}
export type ServicingRepository = ReturnType<typeof servicingRepository>;

/**
 * The loan book's repository: the only writer of loans' money and status, their schedules of record,
 * ledger entries, loan transactions and auto-debit authorizations (docs/servicing.md, "The loan book").
 * The borrower's and funding's queries, and the daily run's (claims, batches, remittances, returns).
 */
export function loanBookRepository(db: Db) {
  return { ...servicingRepository(db), ...collectionsRepository(db), ...memberLoanFactsRepository(db) };
}
export type LoanBookRepository = ReturnType<typeof loanBookRepository>;
