import type { IsoDate } from '@payrail/domain/dates';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { creditDisputes, creditReportingFiles, staffActions, staffUsers } from '../../db/schema/index';

export type CreditFileRow = typeof creditReportingFiles.$inferSelect;
export type NewCreditFile = Omit<typeof creditReportingFiles.$inferInsert, 'id'>;
export type CreditDisputeRow = typeof creditDisputes.$inferSelect;
export type StaffAudit = { staffUserId: number; action: string; targetUserId: number | null; before: Record<string, unknown>; after: Record<string, unknown> };

/** A file with the name of the staff member who asked for it (null: the monthly job). */
export type CreditFileListed = CreditFileRow & { generatedBy: string | null };
/** A dispute with the names of the staff who opened and resolved it. */
export type CreditDisputeListed = CreditDisputeRow & { openedBy: string; resolvedBy: string | null };

/** The loan already has an open dispute (the partial unique index), or the dispute was no longer open: nothing was written. */
export class DisputeConflict extends Error {
  constructor(readonly reason: 'already_open' | 'not_open') {
    super(reason);
  }
}

/** Credit reporting (docs/credit-reporting.md): the monthly files and the disputes. The only Drizzle code of the module. */
export function creditReportingRepository(db: Db) {
  const opener = alias(staffUsers, 'dispute_opener');
  const resolver = alias(staffUsers, 'dispute_resolver');
  const disputeSelect = { dispute: creditDisputes, openedBy: opener.name, resolvedBy: resolver.name };
  const listed = (r: { dispute: CreditDisputeRow; openedBy: string; resolvedBy: string | null }): CreditDisputeListed => ({
    ...r.dispute,
    openedBy: r.openedBy,
    resolvedBy: r.resolvedBy,
  });
  return {
    files: async (): Promise<CreditFileListed[]> =>
      (
        await db
          .select({ file: creditReportingFiles, generatedBy: staffUsers.name })
          .from(creditReportingFiles)
          .leftJoin(staffUsers, eq(staffUsers.id, creditReportingFiles.generatedByStaffId))
          .orderBy(desc(creditReportingFiles.period))
      ).map((r) => ({ ...r.file, generatedBy: r.generatedBy })),
    file: async (id: number): Promise<CreditFileListed | undefined> => {
      const [r] = await db
        .select({ file: creditReportingFiles, generatedBy: staffUsers.name })
        .from(creditReportingFiles)
        .leftJoin(staffUsers, eq(staffUsers.id, creditReportingFiles.generatedByStaffId))
        .where(eq(creditReportingFiles.id, id))
        .limit(1);
      return r ? { ...r.file, generatedBy: r.generatedBy } : undefined;
    },
    fileOfPeriod: async (period: string): Promise<CreditFileRow | undefined> =>
      (await db.select().from(creditReportingFiles).where(eq(creditReportingFiles.period, period)).limit(1))[0],
    /**
     * Records a generated file, with the staff member's audit row when one asked for it, in one
     * transaction. Null when the month already has a file (another run won the race): nothing is written.
     */
    insertFile: async (row: NewCreditFile, audit: ((id: number) => StaffAudit) | null): Promise<CreditFileRow | null> => {
      try {
        return await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(creditReportingFiles).values(row).onConflictDoNothing({ target: creditReportingFiles.period }).returning();
          if (!inserted) return null;
          if (audit) await tx.insert(staffActions).values({ ...audit(inserted.id), at: row.createdAt });
          return inserted;
        });
      } catch (err) {
        if (violatedUniqueConstraint(err) === 'credit_reporting_files_period_key') return null;
        throw err;
      }
    },
    audit: async (a: StaffAudit, at: Date): Promise<void> => {
      await db.insert(staffActions).values({ ...a, at });
    },

    disputesOf: async (loanId: number): Promise<CreditDisputeListed[]> =>
      (
        await db
          .select(disputeSelect)
          .from(creditDisputes)
          .innerJoin(opener, eq(opener.id, creditDisputes.openedByStaffId))
          .leftJoin(resolver, eq(resolver.id, creditDisputes.resolvedByStaffId))
          .where(eq(creditDisputes.loanId, loanId))
          .orderBy(desc(creditDisputes.id))
      ).map(listed),
    /** Every dispute of these loans (the file reads each loan's latest as of the month end). */
    disputesOfLoans: (loanIds: readonly number[]): Promise<CreditDisputeRow[]> =>
      loanIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(creditDisputes)
            .where(inArray(creditDisputes.loanId, [...loanIds]))
            .orderBy(creditDisputes.id),
    /** Opens a dispute and its audit row in one transaction; {@link DisputeConflict} when the loan already has an open one. */
    openDispute: async (
      d: { loanId: number; note: string; openedOn: IsoDate; staffId: number; at: Date },
      audit: (row: CreditDisputeRow) => StaffAudit,
    ): Promise<CreditDisputeRow> => {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(creditDisputes)
            .values({ loanId: d.loanId, status: 'open', note: d.note, openedOn: d.openedOn, openedByStaffId: d.staffId, openedAt: d.at })
            .returning();
          await tx.insert(staffActions).values({ ...audit(row!), at: d.at });
          return row!;
        });
      } catch (err) {
        if (violatedUniqueConstraint(err) === 'credit_disputes_one_open') throw new DisputeConflict('already_open');
        throw err;
      }
    },
    /** Resolves an open dispute and writes its audit row in one transaction; {@link DisputeConflict} when it was not open any more. */
    resolveDispute: (
      r: { id: number; loanId: number; outcome: 'resolved' | 'consumer_disagrees'; note: string; resolvedOn: IsoDate; staffId: number; at: Date },
      audit: (row: CreditDisputeRow) => StaffAudit,
    ): Promise<CreditDisputeRow> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(creditDisputes)
          .set({ status: 'resolved', outcome: r.outcome, resolutionNote: r.note, resolvedOn: r.resolvedOn, resolvedByStaffId: r.staffId, resolvedAt: r.at })
          .where(and(eq(creditDisputes.id, r.id), eq(creditDisputes.loanId, r.loanId), eq(creditDisputes.status, 'open')))
          .returning();
        if (!row) throw new DisputeConflict('not_open');
        await tx.insert(staffActions).values({ ...audit(row), at: r.at });
        return row;
      }),
  };
}
