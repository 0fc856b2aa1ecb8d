import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, loanTransactions, staffActions } from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';

export type StaffActionInsert = Omit<typeof staffActions.$inferInsert, 'id'>;

/** Reads and writes of the borrower tools (payoff letter, simulator, repayment tracker). */
export function borrowerToolsRepository(db: Db) {
  return {
    /**
     * The loan's debits that are not final yet: `scheduled` (not sent) and `pending` (sent, in the
     * return window) with the ledger entry a pending one posted (what a return would reverse).
     */
    openDebits: (loanId: number) =>
      db
        .select({ id: loanTransactions.id, status: loanTransactions.status, scheduledDate: loanTransactions.scheduledDate, amountCents: loanTransactions.amountCents, mode: loanTransactions.mode, ledgerEntryId: ledgerEntries.id })
        .from(loanTransactions)
        .leftJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, loanTransactions.id), inArray(ledgerEntries.kind, ['scheduled_debit', 'one_time_payment', 'payoff'])))
        .where(and(eq(loanTransactions.loanId, loanId), inArray(loanTransactions.status, ['scheduled', 'pending'])))
        .orderBy(asc(loanTransactions.scheduledDate), asc(loanTransactions.id)),

    /** A staff action on a borrower's loan, with the borrower's notification, in one transaction. */
    auditAndNotify: async (action: StaffActionInsert, notice: { userId: number; message: string } | null) => {
      await db.transaction(async (tx) => {
        await tx.insert(staffActions).values(action);
        if (notice) await insertNotification(tx, { userId: notice.userId, message: notice.message, at: action.at });
      });
    },
  };
}
