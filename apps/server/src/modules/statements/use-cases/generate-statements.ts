import { createHash } from 'node:crypto';
import { toParts } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { lastClosedMonth, periodLabel, statementDue, statementFigures, yearEndFigures, yearPeriod } from '@payrail/domain/servicing/statement';
import type { StatementFigures, StatementPeriod, YearEndFigures } from '@payrail/domain/servicing/statement';
import { formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { servicingDayState } from '../../loan-book/loans';
import { COMPANY } from '../../../db/seed-data/company';
import { fullNameOf } from '../../esignature/use-cases/prepare-note';
import { businessDate } from '../../loan-book/servicing-policy';
import { statementReads } from '../../loan-book/statements.repository';
import { scheduleOfRecord, toDomainEntry } from '../../loan-book/use-cases/loan-position';
import type { LoanRow } from '../../loan-book/ledger.repository';
import type { StatementRow } from '../repository';
import { renderStatement, renderYearEnd } from '../statement-pdf';
import type { StatementHeader } from '../statement-pdf';
import { findMember } from '../../identity/members';

/** What a statement row's `figures` hold: the header and the domain's figures, as issued. */
export type StoredStatement = { header: StatementHeader } & ({ kind: 'monthly'; figures: StatementFigures } | { kind: 'year_end'; figures: YearEndFigures });

/** "Statement — October 2027", "Year-end summary — 2027". */
export function statementTitle(kind: StatementRow['kind'], period: StatementPeriod): string {
  return kind === 'monthly' ? `Statement — ${periodLabel(period)}` : `Year-end summary — ${periodLabel(period)}`;
}

/** What one generation did. */
export type StatementRunReport = {
  asOf: IsoDate | null;
  period: StatementPeriod | null;
  issued: number;
  yearEndIssued: number;
  skipped: number;
  failed: number;
  errors: { loanId: number; message: string }[];
};

/** The sealed-bytes binding of a statement's PDF (its AES-GCM additional data). */
export const pdfAad = (loanId: number, kind: string, periodStart: string) => `loan_statements.pdf:${String(loanId)}:${kind}:${periodStart}`;

/**
 * The date statements are generated as of: the last business date the daily run completed (so the
 * month's last day is fully posted), never after the business date. Null before any run completed.
 */
export async function statementDate(ctx: AppContext): Promise<IsoDate | null> {
  const [today, state] = await Promise.all([businessDate(ctx), servicingDayState(ctx)]);
  if (!state.lastCompleted) return null;
  return (state.lastCompleted < today ? state.lastCompleted : today) as IsoDate;
}

/**
 * Issues the statements due as of `asOf` (default {@link statementDate}): the monthly statement of the
 * last calendar month that ended before it, for every loan that owes one (domain `statementDue`), and —
 * when that month is December — each loan's year-end summary of that year. Idempotent: one statement per
 * (loan, kind, period), by the table's unique index, however often and however concurrently it runs; the
 * notice is written with the statement, the e-mail sent after the commit (at most once). A loan whose
 * statement cannot be made is counted as failed and retried by the next run.
 */
export async function generateStatements(ctx: AppContext, opts: { asOf?: IsoDate; loanIds?: readonly number[] } = {}): Promise<StatementRunReport> {
  const asOf = opts.asOf ?? (await statementDate(ctx));
  const report: StatementRunReport = { asOf, period: null, issued: 0, yearEndIssued: 0, skipped: 0, failed: 0, errors: [] };
  if (!asOf) return report;
  const month = lastClosedMonth(asOf);
  report.period = month;
  await issueAll(ctx, 'monthly', month, asOf, opts.loanIds, report);
  if (toParts(month.end).month === 12) await issueAll(ctx, 'year_end', yearPeriod(toParts(month.end).year), asOf, opts.loanIds, report);
  return report;
}

async function issueAll(
  ctx: AppContext,
  kind: StatementRow['kind'],
  period: StatementPeriod,
  asOf: IsoDate,
  loanIds: readonly number[] | undefined,
  report: StatementRunReport,
): Promise<void> {
  const reads = statementReads(ctx.database.db);
  const candidates = await reads.candidates(period.start, period.end, loanIds);
  const done = await ctx.repos.statements.issuedFor(
    kind,
    period.start,
    candidates.map((l) => l.id),
  );
  const todo = candidates.filter((l) => !done.has(l.id));
  const box = await ctx.cryptoBox();
  for (let i = 0; i < todo.length; i += 100) {
    const chunk = todo.slice(i, i + 100);
    const ledgers = await reads.ledgers(chunk.map((l) => l.id));
    for (const loan of chunk) {
      try {
        const issued = await issueOne(ctx, box, loan, kind, period, asOf, (ledgers.get(loan.id) ?? []).map(toDomainEntry));
        if (issued === 'issued') {
          if (kind === 'monthly') report.issued += 1;
          else report.yearEndIssued += 1;
        } else report.skipped += 1;
      } catch (err) {
        report.failed += 1;
        // The first few, for the run's log line (the scheduler logs the report).
        if (report.errors.length < 10) report.errors.push({ loanId: loan.id, message: err instanceof Error ? err.message : String(err) });
      }
    }
  }
}

async function issueOne(
  ctx: AppContext,
  box: Awaited<ReturnType<AppContext['cryptoBox']>>,
  loan: LoanRow,
  kind: StatementRow['kind'],
  period: StatementPeriod,
  asOf: IsoDate,
  entries: ReturnType<typeof toDomainEntry>[],
): Promise<'issued' | 'not_due' | 'exists'> {
  const schedule = scheduleOfRecord(loan);
  // A year-end summary goes to a loan that had a monthly statement due in the year, i.e. owed or moved in it.
  if (!statementDue(schedule, entries, period)) return 'not_due';
  const title = statementTitle(kind, period);
  const header: StatementHeader = { title, loanNumber: loan.identifier, borrowerName: await fullNameOf(ctx, loan.userId), issuedOn: asOf };
  const at = ctx.now();
  let stored: StoredStatement;
  let pdf: Uint8Array;
  let notice: string;
  if (kind === 'monthly') {
    const figures = statementFigures(schedule, entries, period);
    stored = { kind, header, figures };
    pdf = await renderStatement(header, figures, at);
    notice = `Your ${periodLabel(period)} statement for loan ${loan.identifier} is ready: balance ${formatUsd(figures.closingBalanceCents)} on ${period.end}. Find it under Documents on your loan.`;
  } else {
    const figures = yearEndFigures(schedule, entries, toParts(period.end).year);
    stored = { kind, header, figures };
    pdf = await renderYearEnd(header, figures, at);
    notice = `Your ${periodLabel(period)} year-end summary for loan ${loan.identifier} is ready: ${formatUsd(figures.paid.interestCents)} interest and ${formatUsd(figures.paid.feesCents)} fees paid in ${periodLabel(period)}. Find it under Documents on your loan.`;
  }
  const row = await ctx.repos.statements.issue(
    {
      loanId: loan.id,
      userId: loan.userId,
      kind,
      periodStart: period.start,
      periodEnd: period.end,
      figures: stored,
      pdfSealed: box.seal(Buffer.from(pdf).toString('base64'), pdfAad(loan.id, kind, period.start)),
      byteSize: pdf.byteLength,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      createdAt: at,
    },
    notice,
  );
  if (!row) return 'exists';
  const member = await findMember(ctx, loan.userId);
  if (member) {
    await ctx.providers.email
      .send({
        to: member.email,
        subject: `Your ${COMPANY.brand_name} ${kind === 'monthly' ? 'statement' : 'year-end summary'} is ready`,
        text: `Hello${header.borrowerName ? ` ${header.borrowerName}` : ''},\n\n${notice}\n\nSign in to ${COMPANY.brand_name} and open Loans & Payments to download it. Questions: ${COMPANY.support_phone}, ${COMPANY.support_email}.\n\n${COMPANY.brand_name}`,
        meta: { template: kind === 'monthly' ? 'statement_ready' : 'year_end_summary_ready', loan_identifier: loan.identifier, period_start: period.start },
      })
      .catch(() => undefined);
  }
  return 'issued';
}
