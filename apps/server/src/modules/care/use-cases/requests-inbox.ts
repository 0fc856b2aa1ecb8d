import { CARE_MSG } from '@payrail/contract/care';
import type { TRequestsInbox, TRequestsReminder } from '@payrail/contract/care';
import { openRequests, requestsReminderNotice } from '@payrail/domain/care/requests-inbox';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/** GET /dashboard/requests and the back office's view: the member's open requests, derived now. */
export async function listOpenRequests(ctx: AppContext, userId: number): Promise<TRequestsInbox> {
  const facts = await ctx.repos.care.inboxFacts(userId);
  if (!facts) throw AppError.notFound(CARE_MSG.borrowerNotFound);
  return { requests: openRequests(facts) };
}

/** POST /backoffice/members/{id}/requests/remind: notifies the borrower of their open requests (audited). */
export async function remindOpenRequests(ctx: AppContext, staff: TStaffMember, userId: number): Promise<TRequestsReminder> {
  const { requests } = await listOpenRequests(ctx, userId);
  if (requests.length === 0) throw new AppError('validation', CARE_MSG.nothingToRemind);
  const message = requestsReminderNotice(requests.length);
  await ctx.repos.care.remind({ staffUserId: staff.id, userId, message, requestKeys: requests.map((r) => r.key), at: ctx.now() });
  return { message, open_requests: requests.length };
}
