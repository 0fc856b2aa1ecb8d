import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portfolioMonthEndFacts, portfolioMonthEnds } from '../../db/schema/index';

export type MonthEndFactRow = typeof portfolioMonthEndFacts.$inferSelect;

const TERMINAL = ['charge_off', 'closed_paid', 'closed_refinanced'] as const;

/**
 * The portfolio's own tables (docs/portfolio.md): month-end facts, written once per loan per month end
 * (a second writer's rows are ignored), and the month ends completed. The page's figures are grouped here
 * (GROUP BY in the database): four queries over the facts whatever the size of the book.
 */
export function portfolioRepository(db: Db) {
  const f = portfolioMonthEndFacts;
  const completed = sql`${f.monthEnd} in (select ${portfolioMonthEnds.monthEnd} from ${portfolioMonthEnds})`;
  return {
    /** The month ends completed, oldest first. */
    completedMonthEnds: async (): Promise<string[]> =>
      (await db.select({ m: portfolioMonthEnds.monthEnd }).from(portfolioMonthEnds).orderBy(asc(portfolioMonthEnds.monthEnd))).map((r) => r.m),

    /** Loans whose facts ended before `monthEnd` (closed or charged off at an earlier month end). */
    endedBefore: async (monthEnd: IsoDate, loanIds: readonly number[]): Promise<Set<number>> =>
      loanIds.length === 0
        ? new Set()
        : new Set(
            (
              await db
                .select({ loanId: f.loanId })
                .from(f)
                .where(and(lt(f.monthEnd, monthEnd), inArray(f.status, [...TERMINAL]), inArray(f.loanId, [...loanIds])))
            ).map((r) => r.loanId),
          ),

    /** Writes facts; a fact already written (same month end and loan) is kept as it was. */
    insertFacts: async (rows: (typeof portfolioMonthEndFacts.$inferInsert)[]): Promise<void> => {
      if (rows.length > 0) await db.insert(f).values(rows).onConflictDoNothing();
    },

    /** Marks the month end complete (once: a second call keeps the first row). */
    completeMonthEnd: async (monthEnd: IsoDate, loanCount: number, at: Date): Promise<void> => {
      await db.insert(portfolioMonthEnds).values({ monthEnd, loanCount, completedAt: at }).onConflictDoNothing();
    },

    /** Facts of one loan (tests and support), oldest first. */
    factsOfLoan: async (loanId: number): Promise<MonthEndFactRow[]> =>
      db
        .select()
        .from(f)
        .where(sql`${f.loanId} = ${loanId}`)
        .orderBy(asc(f.monthEnd)),

    /** Facts of completed month ends by month end and state: count, principal and charged off. */
    positionCells: async () =>
      (
        await db
          .select({
            monthEnd: f.monthEnd,
            status: f.status,
            bucket: f.bucket,
            count: sql<number>`count(*)::int`,
            principalCents: sql<number>`sum(${f.principalCents})::bigint`,
            chargedOffCents: sql<number>`sum(${f.chargedOffCents})::bigint`,
          })
          .from(f)
          .where(completed)
          .groupBy(f.monthEnd, f.status, f.bucket)
      ).map((r) => ({ ...r, count: Number(r.count), principalCents: Number(r.principalCents), chargedOffCents: Number(r.chargedOffCents) })),

    /** Open loans at a completed month end by bucket, with their status at the next month end (also completed): count and principal at the first. */
    rollCells: async () => {
      const next = sql`(date_trunc('month', ${f.monthEnd}) + interval '2 month' - interval '1 day')::date`;
      return (
        await db
          .select({
            fromMonthEnd: f.monthEnd,
            from: f.bucket,
            toStatus: sql<string>`n.status`,
            toBucket: sql<string>`n.bucket`,
            count: sql<number>`count(*)::int`,
            principalCents: sql<number>`sum(${f.principalCents})::bigint`,
          })
          .from(f)
          .innerJoin(sql`${portfolioMonthEndFacts} n`, sql`n.loan_id = ${f.loanId} and n.month_end = ${next}`)
          .where(
            and(completed, inArray(f.status, ['opened', 'default']), sql`n.month_end in (select ${portfolioMonthEnds.monthEnd} from ${portfolioMonthEnds})`),
          )
          .groupBy(f.monthEnd, f.bucket, sql`n.status`, sql`n.bucket`)
      ).map((r) => ({ ...r, count: Number(r.count), principalCents: Number(r.principalCents) }));
    },

    /** Principal charged off per origination month and month end (completed month ends). */
    vintageCells: async () =>
      (
        await db
          .select({
            originationMonth: sql<string>`to_char(${f.originationMonth}, 'YYYY-MM')`,
            monthEnd: f.monthEnd,
            chargedOffCents: sql<number>`sum(${f.chargedOffCents})::bigint`,
          })
          .from(f)
          .where(and(completed, sql`${f.chargedOffCents} > 0`))
          .groupBy(f.originationMonth, f.monthEnd)
      ).map((r) => ({ ...r, chargedOffCents: Number(r.chargedOffCents) })),
  };
}
export type PortfolioRepository = ReturnType<typeof portfolioRepository>;
