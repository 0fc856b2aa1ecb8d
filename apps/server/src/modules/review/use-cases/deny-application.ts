import type { TStaffActionResponse, TStaffDenyRequest } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { endWithAdverseAction } from './end-with-adverse-action';

/** POST …/deny: the applicant does not qualify (home panel "Not Qualified" with the reason), with a reapply date and the notice. */
export function denyApplication(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffDenyRequest): Promise<TStaffActionResponse> {
  return endWithAdverseAction(ctx, staff, userId, {
    to: 'denied',
    notQualifiedReason: body.not_qualified_reason,
    reapplyOn: body.reapply_on,
    reasons: body.reasons,
  });
}
