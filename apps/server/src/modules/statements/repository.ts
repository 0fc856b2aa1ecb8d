import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loanStatements, staffActions } from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';

export type StatementRow = typeof loanStatements.$inferSelect;
export type NewStatement = Omit<typeof loanStatements.$inferInsert, 'id'>;
/** A statement as listed: everything but the sealed PDF. */
export type StatementListing = Omit<StatementRow, 'pdfSealed'>;

const listed = {
  id: loanStatements.id,
  loanId: loanStatements.loanId,
  userId: loanStatements.userId,
  kind: loanStatements.kind,
  periodStart: loanStatements.periodStart,
  periodEnd: loanStatements.periodEnd,
  figures: loanStatements.figures,
  byteSize: loanStatements.byteSize,
  sha256: loanStatements.sha256,
  createdAt: loanStatements.createdAt,
};

/** Periodic statements (docs/statements.md): the module's own table, `loan_statements`. */
export function statementsRepository(db: Db) {
  return {
    /** The loans among `loanIds` that already have the statement of (kind, period start). */
    issuedFor: async (kind: StatementRow['kind'], periodStart: IsoDate, loanIds: readonly number[]): Promise<Set<number>> => {
      if (loanIds.length === 0) return new Set();
      const rows = await db
        .select({ loanId: loanStatements.loanId })
        .from(loanStatements)
        .where(and(eq(loanStatements.kind, kind), eq(loanStatements.periodStart, periodStart), inArray(loanStatements.loanId, [...loanIds])));
      return new Set(rows.map((r) => r.loanId));
    },

    /**
     * Issues a statement once: the row and the borrower's notice in one transaction. Answers the new row,
     * or null when the (loan, kind, period) statement already exists (another run, in parallel or before,
     * issued it: the unique index decides, and nothing else is written).
     */
    issue: (s: NewStatement, notice: string): Promise<StatementListing | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(loanStatements)
          .values(s)
          .onConflictDoNothing({ target: [loanStatements.loanId, loanStatements.kind, loanStatements.periodStart] })
          .returning(listed);
        if (!row) return null;
        await insertNotification(tx, { userId: s.userId, message: notice, at: s.createdAt });
        return row;
      }),

    /** A loan's statements, newest period first (monthly before year-end on the same start). */
    ofLoan: (loanId: number): Promise<StatementListing[]> =>
      db
        .select(listed)
        .from(loanStatements)
        .where(eq(loanStatements.loanId, loanId))
        .orderBy(desc(loanStatements.periodEnd), asc(loanStatements.kind), desc(loanStatements.id)),

    /** One statement with its sealed PDF. */
    byId: async (id: number): Promise<StatementRow | undefined> => (await db.select().from(loanStatements).where(eq(loanStatements.id, id)).limit(1))[0],

    /** A staff action on statements (`statements_run`). */
    audit: async (a: Omit<typeof staffActions.$inferInsert, 'id'>) => {
      await db.insert(staffActions).values(a);
    },

    /** A staff member downloaded a statement (audit row, `view_statement`). */
    auditView: async (p: { staffUserId: number; userId: number; statementId: number; loanId: number; at: Date }) => {
      await db.insert(staffActions).values({
        staffUserId: p.staffUserId,
        action: 'view_statement',
        targetUserId: p.userId,
        before: {},
        after: { statement_id: p.statementId, loan_id: p.loanId },
        at: p.at,
      });
    },
  };
}
