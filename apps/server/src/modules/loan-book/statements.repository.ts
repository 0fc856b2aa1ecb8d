import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, loans } from '../../db/schema/index';
import type { LedgerEntryRow, LoanRow } from './ledger.repository';

/**
 * The loan book's reads for periodic statements (modules/statements): which loans may get a statement for
 * a period, and their ledgers, read together. Read-only; the loan book stays the only writer.
 */
export function statementReads(db: Db) {
  return {
    /**
     * Loans that may owe a statement for [start, end]: funded (not pending) with a disbursement date by
     * `end`, and not closed before `start` — or closed earlier but with a ledger entry dated in the period
     * (a refund of a credit balance, a recovery). The domain's `statementDue` decides on each.
     */
    candidates: (start: IsoDate, end: IsoDate, loanIds?: readonly number[]): Promise<LoanRow[]> =>
      db
        .select()
        .from(loans)
        .where(
          and(
            lte(loans.disbursementDate, end),
            ne(loans.status, 'pending'),
            or(
              isNull(loans.closedAt),
              gte(loans.closedAt, new Date(`${start}T00:00:00.000Z`)),
              sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.loanId} = ${loans.id} and ${ledgerEntries.effectiveDate} between ${start} and ${end})`,
            ),
            loanIds ? inArray(loans.id, [...loanIds]) : undefined,
          ),
        )
        .orderBy(asc(loans.id)),

    /** The ledgers of `loanIds`, by loan, each in ledger order. */
    ledgers: async (loanIds: readonly number[]): Promise<Map<number, LedgerEntryRow[]>> => {
      const out = new Map<number, LedgerEntryRow[]>(loanIds.map((id) => [id, []]));
      if (loanIds.length === 0) return out;
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.loanId, [...loanIds]))
        .orderBy(asc(ledgerEntries.loanId), asc(ledgerEntries.id));
      for (const r of rows) out.get(r.loanId)?.push(r);
      return out;
    },

    /** One loan (any status). */
    loan: async (loanId: number): Promise<LoanRow | undefined> => (await db.select().from(loans).where(eq(loans.id, loanId)).limit(1))[0],
  };
}
