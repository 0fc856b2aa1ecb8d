import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { disbursements, loanDocuments, loanInstallments, loans, notifications, staffActions } from '../../db/schema/index';

export type LoanRow = typeof loans.$inferSelect;
export type InstallmentRow = typeof loanInstallments.$inferSelect;
export type DisbursementRow = typeof disbursements.$inferSelect;

export type OpenLoan = {
  loan: Omit<typeof loans.$inferInsert, 'id'>;
  installments: Omit<typeof loanInstallments.$inferInsert, 'id' | 'loanId'>[];
  disbursement: Omit<typeof disbursements.$inferInsert, 'id' | 'loanId'>;
  signedNoteEsignatureId: number;
  notification: string;
  staffAction: Omit<typeof staffActions.$inferInsert, 'id' | 'after'> & { after: (loanId: number) => Record<string, unknown> };
};

/** Loans, their schedules, disbursements and documents. */
export function servicingRepository(db: Db) {
  return {
    disbursementByKey: async (key: string) => {
      const [row] = await db.select().from(disbursements).where(eq(disbursements.idempotencyKey, key)).limit(1);
      return row;
    },
    loan: async (id: number) => {
      const [row] = await db.select().from(loans).where(eq(loans.id, id)).limit(1);
      return row;
    },
    loanOfApplication: async (applicationId: number) => {
      const [row] = await db.select().from(loans).where(eq(loans.applicationId, applicationId)).limit(1);
      return row;
    },
    installments: (loanId: number) => db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loanId)).orderBy(asc(loanInstallments.n)),
    disbursements: (loanId: number) => db.select().from(disbursements).where(eq(disbursements.loanId, loanId)).orderBy(desc(disbursements.id)),
    signedNote: async (loanId: number) => {
      const [row] = await db.select().from(loanDocuments).where(eq(loanDocuments.loanId, loanId)).limit(1);
      return row;
    },

    /**
     * Opens a loan in ONE transaction: the loan, its installments, the disbursement (unique idempotency
     * key), the signed note reference, the borrower's notification and the staff action. A unique
     * violation answers which constraint lost the race (same key, or the application already funded).
     */
    open: async (o: OpenLoan): Promise<{ ok: true; loan: LoanRow; disbursement: DisbursementRow } | { ok: false; constraint: string }> => {
      try {
        return await db.transaction(async (tx) => {
          const [loan] = await tx.insert(loans).values(o.loan).returning();
          await tx.insert(loanInstallments).values(o.installments.map((i) => ({ ...i, loanId: loan!.id })));
          const [disbursement] = await tx
            .insert(disbursements)
            .values({ ...o.disbursement, loanId: loan!.id })
            .returning();
          await tx.insert(loanDocuments).values({ loanId: loan!.id, kind: 'signed_note', esignatureId: o.signedNoteEsignatureId, createdAt: o.loan.createdAt });
          await tx.insert(notifications).values({ userId: o.loan.userId, message: o.notification, createdAt: o.loan.createdAt, updatedAt: o.loan.createdAt });
          await tx.insert(staffActions).values({ ...o.staffAction, after: o.staffAction.after(loan!.id) });
          return { ok: true as const, loan: loan!, disbursement: disbursement! };
        });
      } catch (err) {
        const constraint = violatedUniqueConstraint(err);
        if (constraint) return { ok: false, constraint };
        throw err;
      }
    },
  };
}
export type ServicingRepository = ReturnType<typeof servicingRepository>;
