import type { IsoDate } from '@payrail/domain/dates';
import type { THardshipDecisionRequest, THardshipDetail } from '@payrail/contract/hardship';
import { HARDSHIP_API_MSG, HARDSHIP_MSG } from '@payrail/contract/hardship';
import type { TStaffMember } from '@payrail/contract/staff';
import { approvalEligibility, hardshipApprovedNotice, hardshipDeclinedNotice, hardshipInfoNotice, hardshipMove } from '@payrail/domain/care/hardship';
import { formatUsd } from '@payrail/domain/money';
import { cents } from '@payrail/domain/money';
import { scheduleAprPercent } from '@payrail/domain/loan/schedule-revision';
import { formatUsDate } from '@payrail/domain/validation/date-of-birth';
import type { AppContext } from '../../../context';
import { findLoan } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import { reviseDueDates } from '../../loan-book/use-cases/revise-due-dates';
import type { LockedLoan } from '../../loan-book/repository';
import { openLateFees } from '../../loan-book/use-cases/loan-position';
import { HardshipRaceLost } from '../repository';
import type { HardshipRow } from '../repository';
import { getHardshipDetail } from './get-hardship-detail';
import { hardshipLoanFacts, planFor, requestOr404 } from './hardship-facts';

/**
 * POST /backoffice/hardship_requests/{id}/decision: approve (defer k payments, waive late fees or not),
 * decline (reason required) or ask for more information (message required). Each is an audited staff
 * action with the borrower's notice in the same transaction; an approval is applied to the schedule
 * through `reviseDueDates` (docs/servicing.md "Revised due dates"), the request's decision, the fee
 * waivers, the audit row and the notice written by its `also` callback under the loan's lock. A lost race
 * (the request or the schedule changed meanwhile) is a 409 and writes nothing.
 */
export async function decideHardship(ctx: AppContext, staff: TStaffMember, id: number, body: THardshipDecisionRequest): Promise<THardshipDetail> {
  const row = await requestOr404(ctx, id);
  const m = hardshipMove(row.status, body.decision);
  if (!m.ok) throw new AppError('validation', m.message);
  try {
    if (body.decision === 'approve') await approve(ctx, staff, row, body.defer_payments, body.waive_late_fees, body.message?.trim() || null);
    else await staffMove(ctx, staff, row, body.decision === 'decline' ? 'declined' : 'info_requested', body.message);
  } catch (error) {
    if (error instanceof HardshipRaceLost) throw new AppError('conflict', HARDSHIP_API_MSG.raced);
    throw error;
  }
  return getHardshipDetail(ctx, id);
}

async function staffMove(ctx: AppContext, staff: TStaffMember, row: HardshipRow, to: 'declined' | 'info_requested', message: string) {
  const loan = (await findLoan(ctx, row.loanId))!;
  const action = to === 'declined' ? 'hardship_declined' : 'hardship_info_requested';
  await ctx.repos.hardship.staffMove({
    id: row.id,
    from: to === 'declined' ? ['submitted', 'info_requested'] : ['submitted'],
    to,
    message,
    staffId: staff.id,
    notice: to === 'declined' ? hardshipDeclinedNotice(loan.identifier) : hardshipInfoNotice(loan.identifier),
    audit: {
      staffUserId: staff.id,
      action,
      targetUserId: row.userId,
      before: { request_id: row.id, loan_id: row.loanId, status: row.status },
      after: to === 'declined' ? { status: to, reason: message } : { status: to, message },
    },
    at: ctx.now(),
  });
  const member = await ctx.repos.hardship.borrower(row.userId);
  if (!member) return;
  await ctx.providers.email.send(
    to === 'declined'
      ? {
          to: member.email,
          subject: 'Your hardship request was declined',
          text: `Hello ${member.firstName ?? ''},\n\n${hardshipDeclinedNotice(loan.identifier)}\n\nReason: ${message}\n\nIf your situation changes, call us: we want to help.\n\nPayrail`,
          meta: { template: 'hardship_declined', loan_identifier: loan.identifier, hardship_request_id: row.id },
        }
      : {
          to: member.email,
          subject: 'We need more information about your hardship request',
          text: `Hello ${member.firstName ?? ''},\n\n${hardshipInfoNotice(loan.identifier)}\n\nOur question: ${message}\n\nPayrail`,
          meta: { template: 'hardship_info_requested', loan_identifier: loan.identifier, hardship_request_id: row.id },
        },
  );
}

async function approve(ctx: AppContext, staff: TStaffMember, row: HardshipRow, k: number, waive: boolean, message: string | null) {
  const loan = (await findLoan(ctx, row.loanId))!;
  const facts = await hardshipLoanFacts(ctx, loan);
  const e = approvalEligibility({ loanStatus: loan.status, lastApprovedOn: facts.lastApprovedOn, today: facts.today, deferPayments: k });
  if (!e.ok) throw new AppError('validation', e.message, e.availableOn ? { extra: { available_on: e.availableOn } } : {});
  // The same revised schedule the previews showed (dates, next payment due), with the waiver as decided.
  const plan = planFor(facts, k, waive);
  if (!plan) throw new AppError('validation', HARDSHIP_MSG.noneLeft);
  const before = [...plan.dueDatesBefore];
  const after = [...plan.dueDatesAfter];
  const aprBefore = scheduleAprPercent(facts.state.schedule);
  const aprAfter = scheduleAprPercent(plan.schedule);
  const firstNewDate = plan.nextDueDate;
  const at = ctx.now();
  let waivedCents = 0;
  const applied = await reviseDueDates(
    ctx,
    loan,
    { kind: 'hardship', sourceId: row.id, dueDatesAfter: after, firstMovedN: plan.firstMovedN, staffId: staff.id },
    async (tx, book) => {
      // The waivers are the loan book's entries (its one ledger writer), under the revision's loan lock.
      const waived = waive ? await waiveOpenLateFees(book, { requestId: row.id, on: facts.today, staffId: staff.id, at }) : 0;
      const out = await ctx.repos.hardship.approveIn(tx, {
        id: row.id,
        staffId: staff.id,
        message,
        decision: {
          decidedOn: facts.today,
          deferPayments: k,
          waiveLateFees: waive,
          waivedCents: 0,
          aprBefore,
          aprAfter,
          dueDatesBefore: before,
          dueDatesAfter: after,
          firstMovedN: plan.firstMovedN,
          payments: plan.rows.map((r) => r.paymentCents),
        },
        waivedCents: waived,
        notice: (w) => hardshipApprovedNotice(loan.identifier, k, firstNewDate, waive && w > 0),
        audit: (w) => ({
          staffUserId: staff.id,
          action: 'hardship_approved',
          targetUserId: row.userId,
          before: { request_id: row.id, loan_id: row.loanId, status: row.status, due_dates: before, apr: aprBefore },
          after: { status: 'approved', defer_payments: k, waive_late_fees: waive, waived_cents: w, due_dates: after, apr: aprAfter },
        }),
        at,
      });
      waivedCents = out.waivedCents;
    },
  );
  if (!applied) throw new HardshipRaceLost();
  const member = await ctx.repos.hardship.borrower(row.userId);
  if (!member) return;
  const lines = plan.rows
    .filter((r) => r.moved)
    .map((r) => `  Payment ${r.n}: ${formatUsd(cents(r.paymentCents))} due ${formatUsDate(r.newDueDate)} (was ${formatUsDate(r.dueDate)})`)
    .join('\n');
  await ctx.providers.email.send({
    to: member.email,
    subject: 'Your hardship request is approved',
    text: [
      `Hello ${member.firstName ?? ''},`,
      '',
      hardshipApprovedNotice(loan.identifier, k, firstNewDate, waive && waivedCents > 0),
      message ? `\nA note from our team: ${message}` : '',
      '',
      'Your new payment schedule:',
      lines,
      '',
      `Your payments and total of payments do not change. Annual percentage rate (APR), re-disclosed for the new dates: ${applied.aprAfter}% (was ${applied.aprBefore}%).`,
      waive && waivedCents > 0 ? `Late fees waived: ${formatUsd(cents(waivedCents))}.` : '',
      '',
      'Payrail',
    ]
      .filter((l, i, all) => l !== '' || all[i - 1] !== '')
      .join('\n'),
    meta: { template: 'hardship_approved', loan_identifier: loan.identifier, hardship_request_id: row.id },
  });
}

/** Waives every late fee of the loan no waiver or reversal undoes (one `waiver` entry each, idempotent per request and fee); the cents waived. */
async function waiveOpenLateFees(book: LockedLoan, w: { requestId: number; on: IsoDate; staffId: number; at: Date }): Promise<number> {
  let waived = 0;
  for (const fee of openLateFees(await book.entries())) {
    await book.append({
      loanId: fee.loanId,
      kind: 'waiver',
      effectiveDate: w.on,
      amountCents: fee.amountCents,
      reversesEntryId: fee.id,
      reasonCode: 'hardship',
      reason: `Hardship request ${String(w.requestId)}`,
      idempotencyKey: `hardship_waiver:${String(w.requestId)}:${String(fee.id)}`,
      createdByStaffId: w.staffId,
      createdAt: w.at,
    });
    waived += fee.amountCents;
  }
  return waived;
}
