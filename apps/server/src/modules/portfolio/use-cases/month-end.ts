import { addMonthsTo, isMonthEnd, monthEndFact, monthEndOf, monthOf } from '@payrail/domain/portfolio/figures';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { DEFAULT_STATUS_THRESHOLDS } from '@payrail/domain/loan/ledger';
import type { AppContext } from '../../../context';
import { completedMonthEndDays, firstDisbursementDate, fundedLoansPage, ledgersOfLoans } from '../../loan-book/loans';
import { scheduleOfRecord, toDomainEntry } from '../../loan-book/use-cases/loan-position';
import type { LedgerEntryRow } from '../../loan-book/repository';

/** Loans read, replayed and written per round trip. */
const PAGE = 500;

export type MonthEndReport = { monthEnd: IsoDate; loans: number; written: boolean };

/**
 * The month-end facts of one month end (docs/portfolio.md): every funded loan disbursed by then whose
 * facts have not ended (closed or charged off at an earlier month end), its position as of the month end
 * replayed from its ledger (`positionAsOf`), one fact each. Idempotent and safe to run twice at once: facts
 * are inserted "on conflict do nothing" and the month end is marked complete once. Nothing is written for
 * a month end already complete.
 */
export async function recordMonthEnd(ctx: AppContext, monthEnd: IsoDate): Promise<MonthEndReport> {
  if (!isMonthEnd(monthEnd)) throw new RangeError(`${monthEnd} is not a month end`);
  const repo = ctx.repos.portfolio;
  if ((await repo.completedMonthEnds()).includes(monthEnd)) return { monthEnd, loans: 0, written: false };
  let after = 0;
  let count = 0;
  for (;;) {
    const loans = await fundedLoansPage(ctx, monthEnd, after, PAGE);
    if (loans.length === 0) break;
    after = loans[loans.length - 1]!.id;
    // Loans whose facts ended at an earlier month end are skipped before their ledgers are read.
    const ended = await repo.endedBefore(
      monthEnd,
      loans.map((l) => l.id),
    );
    const live = loans.filter((l) => !ended.has(l.id));
    const entries = await ledgersOfLoans(
      ctx,
      live.map((l) => l.id),
    );
    const byLoan = new Map<number, LedgerEntryRow[]>();
    for (const e of entries) {
      const list = byLoan.get(e.loanId);
      if (list) list.push(e);
      else byLoan.set(e.loanId, [e]);
    }
    const rows = live.map((loan) => {
      const schedule = scheduleOfRecord(loan);
      const position = positionAsOf(
        schedule,
        (byLoan.get(loan.id) ?? []).map((e) => ({ ...toDomainEntry(e), reasonCode: e.reasonCode })),
        monthEnd < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : monthEnd,
      );
      const fact = monthEndFact(
        { loanId: loan.id, disbursementDate: loan.disbursementDate, amountCents: loan.amountCents, status: loan.status },
        position,
        monthEnd,
        DEFAULT_STATUS_THRESHOLDS,
      );
      return {
        ...fact,
        originationMonth: parseIsoDate(`${fact.originationMonth}-01`),
        originalAmountCents: cents(fact.originalAmountCents),
        principalCents: cents(fact.principalCents),
        chargedOffCents: cents(fact.chargedOffCents),
      };
    });
    await repo.insertFacts(rows);
    count += rows.length;
  }
  await repo.completeMonthEnd(monthEnd, count, ctx.now());
  return { monthEnd, loans: count, written: true };
}

/**
 * The month-end job after the daily run completed `date` (called after `completeDay`, every day): records
 * every month end the daily run has completed, on or before `date`, that is not recorded yet (from the first
 * loan's month), oldest first — also one left behind by a failed run, or completed after a later one (a
 * business day re-run). A month end the run never completed (the business date jumped over it) has no
 * facts: figures are of month ends the book really closed.
 */
export async function afterServicingDay(ctx: AppContext, date: IsoDate): Promise<MonthEndReport[]> {
  const latest = isMonthEnd(date) ? date : monthEndOf(addMonthsTo(monthOf(date), -1));
  const first = await firstDisbursementDate(ctx);
  if (!first) return [];
  const [done, closed] = await Promise.all([ctx.repos.portfolio.completedMonthEnds(), completedMonthEndDays(ctx, monthEndOf(monthOf(first)), latest)]);
  const recorded = new Set(done);
  const reports: MonthEndReport[] = [];
  for (const m of closed) if (!recorded.has(m)) reports.push(await recordMonthEnd(ctx, m as IsoDate));
  return reports;
}
