import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, employers, ledgerEntries, loanBorrowers, loans, loanTransactions, remittanceLines, staffActions } from '../../db/schema/index';
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
        .select({
          id: loanTransactions.id,
          status: loanTransactions.status,
          scheduledDate: loanTransactions.scheduledDate,
          amountCents: loanTransactions.amountCents,
          mode: loanTransactions.mode,
          ledgerEntryId: ledgerEntries.id,
        })
        .from(loanTransactions)
        .leftJoin(
          ledgerEntries,
          and(eq(ledgerEntries.transactionId, loanTransactions.id), inArray(ledgerEntries.kind, ['scheduled_debit', 'one_time_payment', 'payoff'])),
        )
        .where(and(eq(loanTransactions.loanId, loanId), inArray(loanTransactions.status, ['scheduled', 'pending'])))
        .orderBy(asc(loanTransactions.scheduledDate), asc(loanTransactions.id)),

    /** How the loan is repaid (the application's payment method) and the borrower's employer on file. */
    repaymentOf: async (loanId: number) => {
      const [row] = await db
        .select({ paymentMethod: applications.paymentMethod, employer: employers.name })
        .from(loans)
        .innerJoin(applications, eq(applications.id, loans.applicationId))
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .leftJoin(employers, eq(employers.id, loanBorrowers.employerId))
        .where(eq(loans.id, loanId))
        .limit(1);
      return row;
    },

    /**
     * Remittance lines of a loan: posted or assigned to it, and those in suspense that name its loan
     * number (received, not matched yet). Rejected lines are not the borrower's money.
     */
    remittancesOf: (loanId: number, loanNumber: string) =>
      db
        .select({ payDate: remittanceLines.payDate, amountCents: remittanceLines.amountCents, status: remittanceLines.status })
        .from(remittanceLines)
        .where(
          or(
            and(eq(remittanceLines.loanId, loanId), inArray(remittanceLines.status, ['posted', 'assigned'])),
            and(eq(remittanceLines.status, 'suspense'), sql`lower(trim(${remittanceLines.borrowerIdentifier})) = lower(${loanNumber})`),
          ),
        )
        .orderBy(asc(remittanceLines.payDate), asc(remittanceLines.id)),

    /** A staff action on a borrower's loan, with the borrower's notification, in one transaction. */
    auditAndNotify: async (action: StaffActionInsert, notice: { userId: number; message: string } | null) => {
      await db.transaction(async (tx) => {
        await tx.insert(staffActions).values(action);
        if (notice) await insertNotification(tx, { userId: notice.userId, message: notice.message, at: action.at });
      });
    },
  };
}
