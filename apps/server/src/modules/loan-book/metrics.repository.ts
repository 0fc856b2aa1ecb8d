import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, loanTransactions, servicingDays, servicingRuns } from '../../db/schema/index';

/**
 * The loan book's figures for the metrics endpoint (read at scrape time; an index-only or small scan
 * each): ledger entries by kind, payments (transactions) by mode, method and status, ACH returns by code, and the daily
 * run's claim queue (pending and failed claims, the last completed business day).
 */
export function loanBookMetricsReads(db: Db) {
  return {
    async counts() {
      const [entries, transactions, returns, runs, days] = await Promise.all([
        db
          .select({ kind: ledgerEntries.kind, n: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.kind),
        db
          .select({ mode: loanTransactions.mode, method: loanTransactions.method, status: loanTransactions.status, n: sql<number>`count(*)::int` })
          .from(loanTransactions)
          .groupBy(loanTransactions.mode, loanTransactions.method, loanTransactions.status),
        db
          .select({ code: loanTransactions.returnCode, n: sql<number>`count(*)::int` })
          .from(loanTransactions)
          .where(sql`${loanTransactions.status} = 'returned'`)
          .groupBy(loanTransactions.returnCode),
        db
          .select({ status: servicingRuns.status, n: sql<number>`count(*)::int` })
          .from(servicingRuns)
          .where(sql`${servicingRuns.status} <> 'done'`)
          .groupBy(servicingRuns.status),
        db.select({ last: sql<string | null>`max(${servicingDays.businessDate}) filter (where ${servicingDays.completedAt} is not null)` }).from(servicingDays),
      ]);
      return { entries, transactions, returns, runs, lastCompletedDay: days[0]?.last ?? null };
    },
  };
}
