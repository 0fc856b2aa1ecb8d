import type { TEmployerRemittanceRequest, TEmployerRemittanceSubmitted } from '@payrail/contract/employer-remittances';
import { EMPLOYER_REMITTANCE_MSG } from '@payrail/contract/employer-remittances';
import type { TEmployerUser } from '@payrail/contract/employer-portal';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, sumCents } from '@payrail/domain/money';
import { deductionsOn } from '@payrail/domain/employer/deduction-file';
import { checkRemittanceEntry, checkRemittanceUpload, reconcileRemittance } from '@payrail/domain/employer/remittance-upload';
import type { ExpectedDeduction, UploadError } from '@payrail/domain/employer/remittance-upload';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { notifyMissingRemittances } from '../../borrower-tools/use-cases/repayment-tracker';
import { businessToday } from '../../../lib/business-clock';
import { importRemittance } from '../../loan-book/use-cases/remittances';
import { payrollLoansOf } from '../deductions/deduction-file';
import { remittanceDetail } from './read-remittances';

const refuse = (errors: readonly UploadError[]): never => {
  throw new AppError('validation', EMPLOYER_REMITTANCE_MSG.errors, { extra: { line_errors: errors } });
};

/**
 * The deductions the employer owed on the pay date, per employee — the deduction file's own computation
 * (deductions/deduction-file.ts: schedules of record, leaves and terminations reported), so the
 * reconciliation compares with exactly what the employer was told to deduct.
 */
export async function expectedDeductions(ctx: AppContext, employerId: number, payDate: IsoDate): Promise<ExpectedDeduction[]> {
  const due = deductionsOn(await payrollLoansOf(ctx, employerId), payDate);
  return [...due.values()].map((d) => ({ loanIds: d.loanIds, employeeId: d.employeeId, employeeName: d.employeeName, expectedCents: d.cents }));
}

/**
 * POST /api/employer_portal/remittances: what the employer remitted for one pay date — the deduction
 * file's CSV with the amounts remitted, or totals per employee typed on screen. Validated all-or-nothing;
 * posted THROUGH the loan book (importRemittance, source `employer`: matched only to this employer's
 * employees' loans, under each loan's lock; unknown employees go to the servicer's suspense list); then
 * reconciled against the deductions due that day (exact, short, over, missing, unknown employee) and
 * the reconciliation recorded once per batch. The same remittance again answers the first (nothing posted
 * twice; parallel identical submissions make one batch). A borrower whose deduction came short is told
 * by the loan book's import; one reported missing is told here, once.
 */
export async function submitRemittance(
  ctx: AppContext,
  user: TEmployerUser,
  body: TEmployerRemittanceRequest,
  ip: string | null,
): Promise<TEmployerRemittanceSubmitted> {
  const upload = 'csv' in body;
  const parsed = upload ? checkRemittanceUpload(ctx.providers.payrollFiles.readDeductionFile(body.csv)) : checkRemittanceEntry(body.pay_date, body.lines);
  if (!parsed.ok) return refuse(parsed.errors);
  const today = await businessToday(ctx);
  if (parsed.payDate > today) return refuse([{ line: upload ? 2 : 0, column: 'pay_date', message: EMPLOYER_REMITTANCE_MSG.payDateAhead(parsed.payDate) }]);

  const positive = parsed.lines.filter((l) => l.amountCents > 0);
  const result = await importRemittance(
    ctx,
    null,
    {
      lines: positive.map((l) => ({ employer: user.employer_name, pay_date: parsed.payDate, borrower_identifier: l.employeeId, amount: l.amountCents })),
      reference: upload ? body.file_name : undefined,
    },
    'employer',
    { id: user.employer_id },
  );
  const existing = await ctx.repos.employerRemittances.byBatch(result.batch_id);
  if (existing) {
    if (existing.employerId !== user.employer_id) throw AppError.notFound(EMPLOYER_REMITTANCE_MSG.notFound);
    // Recorded already: by an earlier submission, or by a concurrent identical one that lost the batch race.
    return { ...(await remittanceDetail(ctx, user.employer_id, existing.id)), duplicate: result.duplicate };
  }

  const expected = await expectedDeductions(ctx, user.employer_id, parsed.payDate);
  const posted = result.lines.map((l) => ({
    employeeId: l.borrower_identifier,
    amountCents: l.amount,
    loanId: l.status === 'posted' || l.status === 'assigned' ? l.loan_id : null,
  }));
  const lines = reconcileRemittance(expected, posted);
  const at = ctx.now();
  const remitted = sumCents(parsed.lines.map((l) => l.amountCents));
  const recorded = await ctx.repos.employerRemittances.recordReconciliation(
    {
      employerId: user.employer_id,
      batchId: result.batch_id,
      payDate: parsed.payDate,
      method: upload ? 'upload' : 'screen',
      fileName: upload ? (body.file_name ?? null) : null,
      submittedByUserId: user.id,
      expectedCents: sumCents(expected.map((e) => e.expectedCents)),
      remittedCents: remitted,
      createdAt: at,
    },
    lines.map((l) => ({
      employeeId: l.employeeId,
      employeeName: l.employeeName,
      loanId: l.loanId,
      expectedCents: cents(l.expectedCents),
      remittedCents: cents(l.remittedCents),
      differenceCents: cents(l.differenceCents),
      status: l.status,
      reason: l.reason,
    })),
    {
      user,
      action: 'remittance_submitted',
      after: {
        batch_id: result.batch_id,
        pay_date: parsed.payDate,
        lines: parsed.lines.length,
        remitted_cents: remitted,
        method: upload ? 'upload' : 'screen',
      },
      ip,
      at,
    },
  );
  if (recorded.created) {
    await notifyMissingRemittances(
      ctx,
      lines
        .filter((l) => l.status === 'missing' && l.loanId !== null)
        .map((l) => ({ loanId: l.loanId!, payDate: parsed.payDate, expectedCents: l.expectedCents, employer: user.employer_name })),
    );
  }
  return { ...(await remittanceDetail(ctx, user.employer_id, recorded.id)), duplicate: result.duplicate };
}
