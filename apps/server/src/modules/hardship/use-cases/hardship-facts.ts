import type { THardshipEvent, THardshipRequest } from '@payrail/contract/hardship';
import { HARDSHIP_API_MSG } from '@payrail/contract/hardship';
import { HARDSHIP_RULES } from '@payrail/domain/care/hardship';
import { parseIsoDate } from '@payrail/domain/dates';
import { deferredSchedule } from '@payrail/domain/loan/schedule-revision';
import type { DeferredSchedule } from '@payrail/domain/loan/schedule-revision';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import { loanState, toDomainEntry } from '../../loan-book/use-cases/loan-position';
import type { LoanRow } from '../../loan-book/repository';
import type { HardshipRow } from '../repository';

/** Everything the rules need about a loan now: its state as of the business date, what may not move, the last approval. */
export async function hardshipLoanFacts(ctx: AppContext, loan: LoanRow) {
  const today = await businessToday(ctx);
  const [state, inFlightN, lastApprovedOn] = await Promise.all([
    loanState(ctx, loan, today),
    ctx.repos.hardship.inFlightInstallments(loan.id),
    ctx.repos.hardship.lastApprovedOn(loan.id),
  ]);
  return { today, state, inFlightN, lastApprovedOn: lastApprovedOn === null ? null : parseIsoDate(lastApprovedOn) };
}
export type HardshipLoanFacts = Awaited<ReturnType<typeof hardshipLoanFacts>>;

/**
 * The deferral of k payments on the loan as it stands on the business date (null when nothing can be
 * deferred): the domain's `deferredSchedule`, the one computation behind the borrower's preview, the
 * back office's plans and the approval, so each shows the schedule (every date, the next payment due) the
 * approval applies.
 */
export function planFor(f: Pick<HardshipLoanFacts, 'state' | 'inFlightN' | 'today'>, k: number, waiveLateFees = false): DeferredSchedule | null {
  const { schedule, entries } = f.state;
  const out = deferredSchedule({ schedule, entries: entries.map(toDomainEntry), today: f.today, inFlightN: f.inFlightN }, k, { waiveLateFees });
  return out.ok ? out.deferral : null;
}

/** The plans for 1..3 deferred payments (empty when nothing can be deferred). */
export function allPlans(f: Pick<HardshipLoanFacts, 'state' | 'inFlightN' | 'today'>): { k: number; deferral: DeferredSchedule }[] {
  const out: { k: number; deferral: DeferredSchedule }[] = [];
  for (let k = 1; k <= HARDSHIP_RULES.maxDeferral; k++) {
    const deferral = planFor(f, k);
    if (deferral) out.push({ k, deferral });
  }
  return out;
}

export const scheduleWire = (before: readonly { n: number; dueDate: string; paymentCents: number }[], after: readonly string[]) =>
  before.map((r, i) => ({ n: r.n, due_date: r.dueDate, new_due_date: after[i]!, payment: r.paymentCents, moved: after[i] !== r.dueDate }));

/** Requests on the wire with their history and documents. */
export async function requestsWire(ctx: AppContext, rows: readonly HardshipRow[], identifier: string): Promise<THardshipRequest[]> {
  const { events, docs } = await ctx.repos.hardship.history(rows.map((r) => r.id));
  return rows.map((r) => {
    const history: THardshipEvent[] = events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({
        kind: e.kind,
        by: e.staffId === null ? 'borrower' : 'staff',
        staff_name: e.staffName ?? null,
        message: e.message,
        at: e.at.toISOString(),
        documents: docs
          .filter((d) => d.eventId === e.id && d.deletedAt === null)
          .map((d) => ({ id: d.id, file_name: d.fileName, uploaded_at: d.createdAt.toISOString() })),
      }));
    const d = r.decision;
    return {
      id: r.id,
      loan_id: r.loanId,
      loan_identifier: identifier,
      status: r.status,
      reason: r.reason,
      description: r.description,
      defer_payments: r.deferPayments,
      waive_late_fees: r.waiveLateFees,
      monthly_income: r.monthlyIncomeCents,
      monthly_expenses: r.monthlyExpensesCents,
      staff_message: r.staffMessage,
      decision: d
        ? {
            defer_payments: d.deferPayments,
            waive_late_fees: d.waiveLateFees,
            waived_fees: d.waivedCents,
            apr_before: d.aprBefore,
            apr_after: d.aprAfter,
            schedule: scheduleWire(
              d.dueDatesBefore.map((date, i) => ({ n: i + 1, dueDate: date, paymentCents: d.payments[i] ?? 0 })),
              d.dueDatesAfter,
            ),
          }
        : null,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
      history,
    };
  });
}

/** A request by id, or 404. */
export async function requestOr404(ctx: AppContext, id: number): Promise<HardshipRow> {
  const row = await ctx.repos.hardship.byId(id);
  if (!row) throw AppError.notFound(HARDSHIP_API_MSG.notFound);
  return row;
}

/** Of the ids sent, the ones that are the member's hardship documents not attached yet; any other id is a 422 on `document_ids`. */
export async function attachable(ctx: AppContext, userId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const ok = (await ctx.repos.hardship.attachableDocuments(userId, unique)).map((d) => d.id);
  if (ok.length !== unique.length) throw AppError.fields({ document_ids: [HARDSHIP_API_MSG.documentNotFound] });
  return ok;
}
