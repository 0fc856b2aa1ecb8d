import type { TLoanDetailResponse } from '@payrail/contract/backoffice';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { disbursementWire, installmentWire, loanWire } from './fund-application';

/** GET /api/backoffice/loans/{loanId}: the loan, its schedule and its disbursements (status refreshed from the originator). */
export async function getLoanDetail(ctx: AppContext, loanId: number): Promise<TLoanDetailResponse> {
  const repo = ctx.repos.loanBook;
  const loan = await repo.loan(loanId);
  if (!loan) throw AppError.notFound('Loan not found.');
  const [installments, disbursements, note] = await Promise.all([repo.installments(loanId), repo.disbursements(loanId), repo.signedNote(loanId)]);
  const live = await Promise.all(
    disbursements.map(async (d) => (d.status === 'pending' ? { ...d, status: await ctx.providers.ach.status(d.traceId).catch(() => d.status) } : d)),
  );
  return { loan: loanWire(loan, note?.esignatureId ?? null), installments: installments.map(installmentWire), disbursements: live.map(disbursementWire) };
}
