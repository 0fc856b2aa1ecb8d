import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, ledgerEntries, loans, servicingDays } from '../../db/schema/index';
import type { LoanRow } from './ledger.repository';

/**
 * The loan book's reads for the portfolio (modules/portfolio, docs/portfolio.md): funded loans page by page
 * for the month-end facts (their ledgers come from the credit-reporting reads, `loans.ts` `ledgersOfLoans`), and the figures the page groups straight from the loan
 * book (originations by month, application decisions and funding by month, recoveries by month). Reads
 * only; the loan book stays the one writer.
 */
export function portfolioLoanBookRepository(db: Db) {
  const ymOf = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM')`;
  return {
    /** Funded loans (any status but pending) disbursed on or before `through`, by id after `afterId`, at most `limit`. */
    fundedLoansPage: async (through: IsoDate, afterId: number, limit: number): Promise<LoanRow[]> =>
      db
        .select()
        .from(loans)
        .where(and(ne(loans.status, 'pending'), lte(loans.disbursementDate, through), gt(loans.id, afterId)))
        .orderBy(asc(loans.id))
        .limit(limit),

    /** Month ends (last days of their month) from `from` through `through` that the daily run has completed, oldest first. */
    completedMonthEndDays: async (from: IsoDate, through: IsoDate): Promise<IsoDate[]> =>
      (
        await db
          .select({ d: servicingDays.businessDate })
          .from(servicingDays)
          .where(
            and(
              isNotNull(servicingDays.completedAt),
              gte(servicingDays.businessDate, from),
              lte(servicingDays.businessDate, through),
              sql`extract(day from ${servicingDays.businessDate} + 1) = 1`,
            ),
          )
          .orderBy(asc(servicingDays.businessDate))
      ).map((r) => r.d),

    /** The earliest disbursement date of a funded loan, or null when none. */
    firstDisbursementDate: async (): Promise<string | null> =>
      (
        await db
          .select({ d: sql<string | null>`min(${loans.disbursementDate})::text` })
          .from(loans)
          .where(ne(loans.status, 'pending'))
      )[0]?.d ?? null,

    /** Loans disbursed per month (`YYYY-MM`): count and amount lent, every funded loan. */
    originationsByMonth: async (): Promise<{ month: string; count: number; amountCents: number }[]> => {
      const month = ymOf(loans.disbursementDate);
      return db
        .select({ month, count: sql<number>`count(*)::int`, amountCents: sql<number>`coalesce(sum(${loans.amountCents}), 0)::bigint` })
        .from(loans)
        .where(ne(loans.status, 'pending'))
        .groupBy(month)
        .orderBy(month)
        .then((rows) => rows.map((r) => ({ month: r.month, count: Number(r.count), amountCents: Number(r.amountCents) })));
    },

    /**
     * Applications decided per month (UTC month of `decided_at`): approved, declined or denied (adverse
     * action), and how many of the approved have a loan (funded).
     */
    decisionsByMonth: async (): Promise<{ month: string; approved: number; declined: number; funded: number }[]> => {
      const month = sql<string>`to_char(${applications.decidedAt} at time zone 'UTC', 'YYYY-MM')`;
      return db
        .select({
          month,
          approved: sql<number>`count(*) filter (where ${applications.outcome} = 'approved')::int`,
          declined: sql<number>`count(*) filter (where ${applications.outcome} in ('declined', 'denied'))::int`,
          funded: sql<number>`count(${loans.id}) filter (where ${applications.outcome} = 'approved' and ${loans.status} <> 'pending')::int`,
        })
        .from(applications)
        .leftJoin(loans, eq(loans.applicationId, applications.id))
        .where(and(sql`${applications.decidedAt} is not null`, inArray(applications.outcome, ['approved', 'declined', 'denied'])))
        .groupBy(month)
        .orderBy(month)
        .then((rows) => rows.map((r) => ({ month: r.month, approved: Number(r.approved), declined: Number(r.declined), funded: Number(r.funded) })));
    },

    /** Recoveries posted per month (entries of kind recovery that no reversal undoes). */
    recoveriesByMonth: async (): Promise<{ month: string; amountCents: number }[]> => {
      const month = ymOf(ledgerEntries.effectiveDate);
      return db
        .select({ month, amountCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'recovery'), sql`not exists (select 1 from ${ledgerEntries} r where r.reverses_entry_id = ${ledgerEntries.id})`))
        .groupBy(month)
        .orderBy(month)
        .then((rows) => rows.map((r) => ({ month: r.month, amountCents: Number(r.amountCents) })));
    },
  };
}
export type PortfolioLoanBookRepository = ReturnType<typeof portfolioLoanBookRepository>;
