import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertNotification } from '../engagement/repository';
import {
  applicationMembers,
  applications,
  autoDebitAuthorizations,
  bankAccounts,
  borrowerProfiles,
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

export type LoanRow = typeof loans.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type TransactionRow = typeof loanTransactions.$inferSelect;
export type AuthorizationRow = typeof autoDebitAuthorizations.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type RemittanceLineRow = typeof remittanceLines.$inferSelect;
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id'>;
export type NewTransaction = Omit<typeof loanTransactions.$inferInsert, 'id'>;
export type StaffActionInsert = Omit<typeof staffActions.$inferInsert, 'id'>;

/** Statuses the daily run works on. */
export const SERVICED_STATUSES = ['opened', 'default'] as const;

/** Collections queries on one connection or transaction. */
function collectionsQueries(db: Db) {
  return {
    /** The oldest business date planned but not completed, and the latest completed. */
    dayState: async () => {
      const [open] = await db.select().from(servicingDays).where(isNull(servicingDays.completedAt)).orderBy(asc(servicingDays.businessDate)).limit(1);
      const [done] = await db.select().from(servicingDays).where(sql`${servicingDays.completedAt} is not null`).orderBy(desc(servicingDays.businessDate)).limit(1);
      return { openDate: open?.businessDate ?? null, lastCompleted: done?.businessDate ?? null };
    },
    day: async (date: string) => {
      const [row] = await db.select().from(servicingDays).where(eq(servicingDays.businessDate, date)).limit(1);
      return row;
    },

    /**
     * Plans a business date: one pending claim per serviced loan (unique key: a second planner, or a
     * restart, inserts nothing), then the day row. Safe to run concurrently from several instances.
     */
    planDay: async (job: string, date: string, at: Date) => {
      await db.execute(sql`
        insert into servicing_runs (job, loan_id, business_date, status, attempts)
        select ${job}, l.id, ${date}::date, 'pending', 0 from loans l
        where l.status in ('opened', 'default') and l.disbursement_date <= ${date}::date
        on conflict (job, loan_id, business_date) do nothing`);
      await db.insert(servicingDays).values({ businessDate: date, plannedAt: at }).onConflictDoNothing();
    },
    pendingCount: async (job: string, date: string): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(servicingRuns)
        .where(and(eq(servicingRuns.job, job), eq(servicingRuns.businessDate, date), eq(servicingRuns.status, 'pending')));
      return Number(row?.n ?? 0);
    },
    completeDay: async (date: string, at: Date) => {
      await db.update(servicingDays).set({ completedAt: at }).where(and(eq(servicingDays.businessDate, date), isNull(servicingDays.completedAt)));
    },
    runCounts: async (job: string, date: string) => {
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
    entries: (loanId: number) => db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id)),
    entry: async (id: number) => {
      const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id)).limit(1);
      return row;
    },
    transactions: (loanId: number) => db.select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(asc(loanTransactions.id)),
    activeAuthorization: async (loanId: number) => {
      const [row] = await db
        .select()
        .from(autoDebitAuthorizations)
        .where(and(eq(autoDebitAuthorizations.loanId, loanId), isNull(autoDebitAuthorizations.revokedAt)))
        .limit(1);
      return row;
    },
    revokeAuthorization: async (id: number, at: Date) => {
      await db.update(autoDebitAuthorizations).set({ revokedAt: at }).where(and(eq(autoDebitAuthorizations.id, id), isNull(autoDebitAuthorizations.revokedAt)));
    },
    bankAccount: async (id: number) => {
      const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
      return row;
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
    appendEntry: async (entry: NewLedgerEntry): Promise<LedgerEntryRow> => {
      const [row] = await db.insert(ledgerEntries).values(entry).onConflictDoNothing().returning();
      if (row) return row;
      if (!entry.idempotencyKey) throw new Error('ledger entry conflict without an idempotency key');
      const [existing] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey)).limit(1);
      if (!existing) throw new Error(`ledger entry ${entry.idempotencyKey} conflicts on another key`);
      return existing;
    },
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
        .set({ status, updatedAt: at, ...(closed ? { closedAt: at } : {}) })
        .where(eq(loans.id, loanId));
    },
    notify: async (userId: number, message: string, at: Date) => {
      await insertNotification(db, { userId, message, at });
    },
    audit: async (action: StaffActionInsert) => {
      await db.insert(staffActions).values(action);
    },

    /** Loans a remittance line may post to: open loans repaid by payroll allotment / split direct deposit. */
    remittanceCandidates: async () =>
      db
        .select({ loanId: loans.id, loanNumber: loans.identifier, userId: loans.userId, employer: employers.name, employeeId: borrowerProfiles.employeeId, status: loans.status, disbursementDate: loans.disbursementDate })
        .from(loans)
        .innerJoin(applications, eq(applications.id, loans.applicationId))
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .leftJoin(employers, eq(employers.id, loanBorrowers.employerId))
        .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, loans.userId))
        .where(and(inArray(loans.status, [...SERVICED_STATUSES]), eq(applications.paymentMethod, 'split_direct_deposit'))),
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
  };
}

/** The queries bound to one transaction. */
export type CollectionsTx = ReturnType<typeof collectionsQueries>;

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
    withNextClaim: async (job: string, date: string, work: (tx: CollectionsTx, loanId: number) => Promise<void>, maxAttempts = 3): Promise<'none' | 'done' | 'failed'> => {
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
          await tx.update(servicingRuns).set({ status: 'done', attempts: row.attempts + 1, finishedAt: new Date() }).where(eq(servicingRuns.id, row.id));
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


    /** Runs `fn` in one transaction with the queries bound to it. */
    transaction: <T>(fn: (tx: CollectionsTx) => Promise<T>): Promise<T> => db.transaction(async (tx) => fn(collectionsQueries(tx as unknown as Db))),
  };
}

export type CollectionsRepository = ReturnType<typeof collectionsRepository>;
