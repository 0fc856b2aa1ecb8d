import { CARE_MSG, REMINDERS_PER_BORROWER_PER_BUSINESS_DAY } from '@payrail/contract/care';
import type { TRequestsInbox, TRequestsReminder } from '@payrail/contract/care';
import { openRequests, requestsReminderNotice } from '@payrail/domain/care/requests-inbox';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';

/** GET /dashboard/requests and the back office's view: the member's open requests, derived now. */
export async function listOpenRequests(ctx: AppContext, userId: number): Promise<TRequestsInbox> {
  const [facts, hardship] = await Promise.all([ctx.repos.care.inboxFacts(userId), ctx.hooks.care.hardshipQuestions(ctx, userId)]);
  if (!facts) throw AppError.notFound(CARE_MSG.borrowerNotFound);
  // Hardship questions come from the hardship module's own table (docs/hardship.md).
  const hardshipQuestions = hardship.map((h) => ({
    id: h.id,
    loanId: h.loanId,
    identifier: h.identifier,
    message: h.staffMessage,
    since: h.since.toISOString(),
  }));
  return { requests: openRequests({ ...facts, hardshipQuestions }) };
}

/**
 * POST /backoffice/members/{id}/requests/remind: notifies the borrower of their open requests (audited).
 * At most REMINDERS_PER_BORROWER_PER_BUSINESS_DAY per borrower per business date, counted atomically
 * (the repository locks the member): the next one is a 429 with CARE_MSG.remindersCapped.
 */
export async function remindOpenRequests(ctx: AppContext, staff: TStaffMember, userId: number): Promise<TRequestsReminder> {
  const { requests } = await listOpenRequests(ctx, userId);
  if (requests.length === 0) throw new AppError('validation', CARE_MSG.nothingToRemind);
  const message = requestsReminderNotice(requests.length);
  const businessDate = await businessToday(ctx);
  const sent = await ctx.repos.care.remind({
    staffUserId: staff.id,
    userId,
    message,
    requestKeys: requests.map((r) => r.key),
    businessDate,
    cap: REMINDERS_PER_BORROWER_PER_BUSINESS_DAY,
    at: ctx.now(),
  });
  if (!sent) throw new AppError('too_many_requests', CARE_MSG.remindersCapped);
  return { message, open_requests: requests.length };
}
