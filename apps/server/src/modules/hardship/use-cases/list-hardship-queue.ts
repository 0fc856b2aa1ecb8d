import type { THardshipQueue } from '@payrail/contract/hardship';
import type { HardshipStatus } from '@payrail/domain/care/hardship';
import type { AppContext } from '../../../context';

/** GET /backoffice/hardship_requests?status=: the queue, most recently moved first. */
export async function listHardshipQueue(ctx: AppContext, status: HardshipStatus | undefined): Promise<THardshipQueue> {
  const rows = await ctx.repos.hardship.queue(status);
  return {
    requests: rows.map(({ request: r, identifier, firstName, lastName, email }) => ({
      id: r.id,
      user_id: r.userId,
      borrower_name: [firstName, lastName].filter(Boolean).join(' ') || email,
      loan_id: r.loanId,
      loan_identifier: identifier,
      status: r.status,
      reason: r.reason,
      defer_payments: r.deferPayments,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}
