import type { TStaffActionResponse, TStaffEmployerReviewRequest } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';

/** Where each employer-review decision takes a new-flow application in employer_under_review. */
const TARGET = { accept: 'personal_info', cannot_proceed: 'cant_proceed' } as const;

/**
 * POST …/employer_review: a reviewer decides on the employer a new-flow applicant described because it
 * was not on the list (employer_info → employer_under_review). Accepting lets the applicant continue at
 * personal_info; otherwise the application ends at cant_proceed. Only from employer_under_review (the
 * workflow table's `approve_employer` / `cannot_proceed` rows for reviewers); stored with the staff
 * member, the employer described and the note as an audited staff action.
 */
export async function reviewEmployer(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffEmployerReviewRequest): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const move = await planStaffMove(ctx, staff, member, TARGET[body.decision]);
  const nf = await ctx.repos.newflow.find(member.id);
  return commitStaffMove(ctx, staff, member, 'employer_review', move, { after: { decision: body.decision, note: body.note || null, employer: nf?.employerInfo ?? null } });
}
