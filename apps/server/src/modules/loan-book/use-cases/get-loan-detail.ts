import type { TLoanDetailResponse } from '@payrail/contract/backoffice';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { displayName } from '../../../lib/display-name';
import { businessDate } from '../servicing-policy';
import { disbursementWire, installmentWire, loanWire } from './fund-application';
import { disbursementStatusOn } from './loan-servicing';
import { borrowerCards } from '../../identity/members';

/**
 * GET /api/backoffice/loans/{loanId}: the loan, whose it is (name, e-mail, phone), its schedule and its
 * disbursements (a pending one's status refreshed from the originator, then read on the business date as
 * the servicing page reads it: settled once its settlement date passed without a return).
 */
export async function getLoanDetail(ctx: AppContext, loanId: number): Promise<TLoanDetailResponse> {
  const repo = ctx.repos.loanBook;
  const loan = await repo.loan(loanId);
  if (!loan) throw AppError.notFound('Loan not found.');
  const [installments, disbursements, note, [card], today] = await Promise.all([
    repo.installments(loanId),
    repo.disbursements(loanId),
    repo.signedNote(loanId),
    borrowerCards(ctx, [loan.userId]),
    businessDate(ctx),
  ]);
  const live = await Promise.all(
    disbursements.map(async (d) => {
      const status = d.status === 'pending' ? await ctx.providers.ach.status(d.traceId).catch(() => d.status) : d.status;
      return { ...d, status: disbursementStatusOn({ ...d, status }, loan, today, ctx.config.ach.sandboxSettleDays) };
    }),
  );
  return {
    loan: loanWire(loan, note?.esignatureId ?? null),
    borrower: { user_id: loan.userId, name: displayName(card), email: card?.email ?? '', phone: card?.phone ?? null },
    installments: installments.map(installmentWire),
    disbursements: live.map(disbursementWire),
  };
}
