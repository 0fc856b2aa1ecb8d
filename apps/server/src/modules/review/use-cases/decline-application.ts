import type { TStaffActionResponse, TStaffDeclineRequest } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { endWithAdverseAction } from './end-with-adverse-action';

/** POST …/decline: the application is declined (home panel "Declined"), with a reapply date and the notice. */
export function declineApplication(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffDeclineRequest): Promise<TStaffActionResponse> {
  return endWithAdverseAction(ctx, staff, userId, { to: 'declined', notQualifiedReason: null, reapplyOn: body.reapply_on, reasons: body.reasons });
}
