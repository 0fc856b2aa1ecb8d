import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, autoDebitAuthorizations, loans } from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';
import type { AutoDebitRow, DbTx, LoanRow } from './ledger.repository';

export type RepayMethod = 'split_direct_deposit' | 'auto_debit' | 'one_times';

/**
 * The loans of one borrower held under their row locks (id order, so two callers never deadlock), and the
 * loan book's writes an employer-reported change makes to them (use-cases/payroll-deduction.ts) — in the
 * lock's transaction, which the caller's own writes (`tx`) join.
 */
function lockedPayrollLoans(tx: DbTx, rows: LoanRow[]) {
  return {
    tx,
    loans: rows,
    repayMethod: async (loan: LoanRow): Promise<RepayMethod | null> =>
      (await tx.select({ method: applications.paymentMethod }).from(applications).where(eq(applications.id, loan.applicationId)).limit(1))[0]?.method ?? null,
    /** How the loan is repaid from now on (the application's payment method is the loan's). */
    setRepayMethod: async (loan: LoanRow, method: RepayMethod, at: Date): Promise<void> => {
      await tx.update(applications).set({ paymentMethod: method, updatedAt: at }).where(eq(applications.id, loan.applicationId));
    },
    activeAutoDebit: async (loan: LoanRow): Promise<AutoDebitRow | undefined> =>
      (
        await tx
          .select()
          .from(autoDebitAuthorizations)
          .where(and(eq(autoDebitAuthorizations.loanId, loan.id), isNull(autoDebitAuthorizations.revokedAt)))
          .limit(1)
      )[0],
    addAutoDebit: async (a: Omit<typeof autoDebitAuthorizations.$inferInsert, 'id'>): Promise<AutoDebitRow> => {
      const [row] = await tx.insert(autoDebitAuthorizations).values(a).returning();
      return row!;
    },
    notify: (userId: number, message: string, at: Date) => insertNotification(tx, { userId, message, at }),
  };
}
export type LockedPayrollLoans = ReturnType<typeof lockedPayrollLoans>;

/** The loan book's writes for payroll-deduction changes reported by an employer (docs/employer-portal.md). */
export function payrollDeductionRepository(db: Db) {
  return {
    withLockedLoans: <T>(loanIds: readonly number[], fn: (q: LockedPayrollLoans) => Promise<T>): Promise<T> =>
      db.transaction(async (tx) => {
        const ids = [...new Set(loanIds)].sort((a, b) => a - b);
        const rows = ids.length === 0 ? [] : await tx.select().from(loans).where(inArray(loans.id, ids)).orderBy(asc(loans.id)).for('update');
        return fn(lockedPayrollLoans(tx, rows));
      }),
  };
}
