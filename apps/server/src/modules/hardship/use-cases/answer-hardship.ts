import type { THardshipRequest } from '@payrail/contract/hardship';
import { HARDSHIP_API_MSG } from '@payrail/contract/hardship';
import { hardshipMove } from '@payrail/domain/care/hardship';
import type { AppContext } from '../../../context';
import { findLoan } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import { HardshipRaceLost } from '../repository';
import { attachable, requestOr404, requestsWire } from './hardship-facts';

/** POST /dashboard/hardship_requests/{id}/answer: the borrower answers staff's question (text and documents); the request waits for staff again. */
export async function answerHardship(
  ctx: AppContext,
  userId: number,
  id: number,
  body: { message: string; document_ids: number[] },
): Promise<THardshipRequest> {
  const row = await requestOr404(ctx, id);
  if (row.userId !== userId) throw AppError.notFound(HARDSHIP_API_MSG.notFound);
  const m = hardshipMove(row.status, 'answer');
  if (!m.ok) throw new AppError('validation', m.message);
  const documentIds = await attachable(ctx, userId, body.document_ids);
  try {
    const moved = await ctx.repos.hardship.answer(id, body.message, documentIds, ctx.now());
    const loan = (await findLoan(ctx, moved.loanId))!;
    return (await requestsWire(ctx, [moved], loan.identifier))[0]!;
  } catch (error) {
    if (error instanceof HardshipRaceLost) throw new AppError('conflict', HARDSHIP_API_MSG.raced);
    throw error;
  }
}
