import { CREDIT_REPORTING_MSG } from '@payrail/contract/credit-reporting';
import type { TCreditDispute, TLoanDisputes, TOpenDispute, TResolveDispute } from '@payrail/contract/credit-reporting';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { loanStatusOf } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import { businessDate } from '../../loan-book/servicing-policy';
import { DisputeConflict } from '../repository';
import type { CreditDisputeListed, CreditDisputeRow } from '../repository';

const codeOf = (d: Pick<CreditDisputeRow, 'status' | 'outcome'>): 'XB' | 'XH' | 'XC' =>
  d.status === 'open' ? 'XB' : d.outcome === 'consumer_disagrees' ? 'XC' : 'XH';

function disputeView(d: CreditDisputeListed): TCreditDispute {
  return {
    id: d.id,
    loan_id: d.loanId,
    status: d.status,
    opened_on: d.openedOn,
    opened_by: d.openedBy,
    note: d.note,
    resolved_on: d.resolvedOn,
    resolved_by: d.resolvedBy,
    outcome: d.outcome,
    resolution_note: d.resolutionNote,
    compliance_condition_code: codeOf(d),
  };
}

/** The funded loan, or 404 / 422 (a loan never funded is never reported, so it cannot be disputed). */
async function reportableLoan(ctx: AppContext, loanId: number) {
  const loan = await loanStatusOf(ctx, loanId);
  if (!loan) throw AppError.notFound(CREDIT_REPORTING_MSG.loanNotFound);
  if (loan.status === 'pending') throw new AppError('validation', CREDIT_REPORTING_MSG.loanNotReportable);
  return loan;
}

/** GET /backoffice/loans/{loanId}/disputes: the loan's disputes, newest first, and the code its next file carries. */
export async function loanDisputes(ctx: AppContext, loanId: number): Promise<TLoanDisputes> {
  const loan = await loanStatusOf(ctx, loanId);
  if (!loan) throw AppError.notFound(CREDIT_REPORTING_MSG.loanNotFound);
  const disputes = await ctx.repos.creditReporting.disputesOf(loanId);
  const latest = disputes[0];
  return { loan_id: loanId, compliance_condition_code: latest ? codeOf(latest) : null, disputes: disputes.map(disputeView) };
}

/** POST /backoffice/loans/{loanId}/disputes: flags the borrower's dispute (XB from the next file), audited `credit_dispute_opened`. One open dispute per loan (409). */
export async function openDispute(ctx: AppContext, staff: TStaffMember, loanId: number, body: TOpenDispute): Promise<TLoanDisputes> {
  const loan = await reportableLoan(ctx, loanId);
  const before = await ctx.repos.creditReporting.disputesOf(loanId);
  try {
    await ctx.repos.creditReporting.openDispute({ loanId, note: body.note, openedOn: await businessDate(ctx), staffId: staff.id, at: ctx.now() }, (row) => ({
      staffUserId: staff.id,
      action: 'credit_dispute_opened',
      targetUserId: loan.userId,
      before: { loan_id: loanId, compliance_condition_code: before[0] ? codeOf(before[0]) : null },
      after: { dispute_id: row.id, loan_id: loanId, status: 'open', note: row.note, compliance_condition_code: 'XB' },
    }));
  } catch (err) {
    if (err instanceof DisputeConflict) throw new AppError('conflict', CREDIT_REPORTING_MSG.disputeOpen);
    throw err;
  }
  return loanDisputes(ctx, loanId);
}

/** POST /backoffice/loans/{loanId}/disputes/{disputeId}/resolve: the investigation's outcome (XH, or XC when the consumer disagrees), audited `credit_dispute_resolved`. */
export async function resolveDispute(ctx: AppContext, staff: TStaffMember, loanId: number, disputeId: number, body: TResolveDispute): Promise<TLoanDisputes> {
  const loan = await reportableLoan(ctx, loanId);
  const current = (await ctx.repos.creditReporting.disputesOf(loanId)).find((d) => d.id === disputeId);
  if (!current) throw AppError.notFound(CREDIT_REPORTING_MSG.disputeNotFound);
  if (current.status !== 'open') throw new AppError('conflict', CREDIT_REPORTING_MSG.disputeResolved);
  const today = await businessDate(ctx);
  try {
    await ctx.repos.creditReporting.resolveDispute(
      // A dispute opened on a later business date (the clock was moved back) resolves on its opening day.
      {
        id: disputeId,
        loanId,
        outcome: body.outcome,
        note: body.note,
        resolvedOn: today < current.openedOn ? current.openedOn : today,
        staffId: staff.id,
        at: ctx.now(),
      },
      (row) => ({
        staffUserId: staff.id,
        action: 'credit_dispute_resolved',
        targetUserId: loan.userId,
        before: { dispute_id: disputeId, loan_id: loanId, status: 'open', compliance_condition_code: 'XB' },
        after: { status: 'resolved', outcome: body.outcome, note: body.note, compliance_condition_code: codeOf(row) },
      }),
    );
  } catch (err) {
    if (err instanceof DisputeConflict) throw new AppError('conflict', CREDIT_REPORTING_MSG.disputeResolved);
    throw err;
  }
  return loanDisputes(ctx, loanId);
}
