import { FILE_UNAVAILABLE_MSG } from '@payrail/contract/documents';
import type { TScheduleRevisions } from '@payrail/contract/care';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { findLoan, scheduleRevisionsOf } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import { signedFileBytes } from '../../loan-book/use-cases/loan-documents';
import { dueDateChangeWire } from './apply-due-date-change';

const LOAN_NOT_FOUND = 'Loan not found.';

/**
 * GET /backoffice/loans/{loanId}/schedule_revisions: every revision of the loan's due dates, of both kinds
 * (due-date change, hardship), as servicing recorded them (`scheduleRevisions`), and the due-date change
 * requests behind them with their signature evidence.
 */
export async function scheduleRevisionsOfLoan(ctx: AppContext, loanId: number): Promise<TScheduleRevisions> {
  const loan = await findLoan(ctx, loanId);
  if (!loan) throw AppError.notFound(LOAN_NOT_FOUND);
  const [revisions, changes] = await Promise.all([scheduleRevisionsOf(ctx, loanId), ctx.repos.care.dueDateChangesOfLoan(loanId)]);
  const names = await ctx.repos.care.staffNames([...new Set(revisions.flatMap((r) => (r.staffId === null ? [] : [r.staffId])))]);
  return {
    revisions: revisions
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        source_id: r.sourceId,
        created_at: r.createdAt.toISOString(),
        dates_moved: r.dueDatesAfter.filter((d, i) => d !== r.dueDatesBefore[i]).length,
        due_dates_before: r.dueDatesBefore,
        due_dates_after: r.dueDatesAfter,
        apr_before: r.aprBefore,
        apr_after: r.aprAfter,
        staff: r.staffId === null ? null : { id: r.staffId, name: names.get(r.staffId) ?? `Staff #${String(r.staffId)}` },
      }))
      .reverse(),
    due_date_changes: changes.map((c) => ({ ...dueDateChangeWire(c.change, c.documentId, loan), user_agent: c.change.userAgent })),
  };
}

/** GET /backoffice/loans/{loanId}/due_date_changes/{id}/pdf: the signed agreement, audited once served. */
export async function dueDateChangeAgreementForStaff(
  ctx: AppContext,
  staff: TStaffMember,
  loanId: number,
  changeId: number,
): Promise<{ fileName: string; bytes: Buffer; audit: () => Promise<unknown> }> {
  const loan = await findLoan(ctx, loanId);
  const row = loan ? (await ctx.repos.care.dueDateChangesOfLoan(loanId)).find((c) => c.change.id === changeId) : undefined;
  if (!loan || !row) throw AppError.notFound('Due date change not found.');
  const bytes = await signedFileBytes(
    ctx,
    { id: row.change.id, storageKey: row.change.storageKey, sha256: row.change.sha256, byteSize: row.change.byteSize },
    { source: 'due_date_change_agreement', id: row.change.id },
    FILE_UNAVAILABLE_MSG.staff,
  );
  return {
    fileName: `due-date-change-${loan.identifier}-${String(changeId)}-signed.pdf`,
    bytes,
    audit: () => ctx.repos.care.auditAgreementView({ staffUserId: staff.id, userId: loan.userId, changeId, at: ctx.now() }),
  };
}
