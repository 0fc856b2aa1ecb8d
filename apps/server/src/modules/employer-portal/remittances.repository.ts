import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employerRemittanceLines, employerRemittances, employerUsers } from '../../db/schema/index';
import { auditEmployer } from './accounts.repository';
import type { EmployerAuditEntry } from './accounts.repository';

export type EmployerRemittanceRow = typeof employerRemittances.$inferSelect;
export type EmployerRemittanceLineRow = typeof employerRemittanceLines.$inferSelect;
export type NewReconciliation = Omit<typeof employerRemittances.$inferInsert, 'id'>;
export type NewReconciliationLine = Omit<typeof employerRemittanceLines.$inferInsert, 'id' | 'remittanceId'>;

const withSubmitter = { remittance: employerRemittances, submittedBy: employerUsers.name };

/** The employer portal's remittances: the reconciliation of each submitted batch (E3, issue #31). */
export function employerRemittancesRepository(db: Db) {
  return {
    /**
     * Records a batch's reconciliation once: `created` false when it was already recorded (a duplicate or
     * a concurrent identical submission), nothing written then. The audit entry goes with the first record.
     */
    recordReconciliation: async (
      r: NewReconciliation,
      lines: readonly NewReconciliationLine[],
      audit: EmployerAuditEntry | null,
    ): Promise<{ id: number; created: boolean }> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(employerRemittances)
          .values(r)
          .onConflictDoNothing({ target: employerRemittances.batchId })
          .returning({ id: employerRemittances.id });
        if (!row) {
          const [existing] = await tx
            .select({ id: employerRemittances.id })
            .from(employerRemittances)
            .where(eq(employerRemittances.batchId, r.batchId))
            .limit(1);
          return { id: existing!.id, created: false };
        }
        if (lines.length > 0) await tx.insert(employerRemittanceLines).values(lines.map((l) => ({ ...l, remittanceId: row.id })));
        if (audit) await auditEmployer(tx, { ...audit, after: { ...audit.after, remittance_id: row.id } });
        return { id: row.id, created: true };
      }),

    byBatch: async (batchId: number) => {
      const [row] = await db
        .select({ id: employerRemittances.id, employerId: employerRemittances.employerId })
        .from(employerRemittances)
        .where(eq(employerRemittances.batchId, batchId))
        .limit(1);
      return row;
    },

    /** One remittance of the employer (another employer's: undefined). */
    find: async (employerId: number, id: number) => {
      const [row] = await db
        .select(withSubmitter)
        .from(employerRemittances)
        .leftJoin(employerUsers, eq(employerUsers.id, employerRemittances.submittedByUserId))
        .where(and(eq(employerRemittances.id, id), eq(employerRemittances.employerId, employerId)))
        .limit(1);
      return row;
    },

    /** The employer's remittances, newest first. */
    list: (employerId: number, limit: number) =>
      db
        .select(withSubmitter)
        .from(employerRemittances)
        .leftJoin(employerUsers, eq(employerUsers.id, employerRemittances.submittedByUserId))
        .where(eq(employerRemittances.employerId, employerId))
        .orderBy(desc(employerRemittances.id))
        .limit(limit),

    linesOf: async (remittanceIds: readonly number[]) =>
      remittanceIds.length === 0
        ? []
        : db
            .select()
            .from(employerRemittanceLines)
            .where(inArray(employerRemittanceLines.remittanceId, [...remittanceIds]))
            .orderBy(employerRemittanceLines.id),

    /** Pay dates the loan's employer reported nothing for (a `missing` line of its reconciliation). */
    reportedMissing: async (loanId: number) =>
      (
        await db
          .select({ payDate: employerRemittances.payDate })
          .from(employerRemittanceLines)
          .innerJoin(employerRemittances, eq(employerRemittances.id, employerRemittanceLines.remittanceId))
          .where(and(eq(employerRemittanceLines.loanId, loanId), eq(employerRemittanceLines.status, 'missing'), isNotNull(employerRemittanceLines.loanId)))
      ).map((r) => r.payDate),
  };
}
export type EmployerRemittancesRepository = ReturnType<typeof employerRemittancesRepository>;
