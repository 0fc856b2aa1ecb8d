import type { TPaymentChangeResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { CHOOSE_TERMS_STATUSES, VIEW_TERMS_STATUSES } from '@payrail/domain/workflow/status-attributes';
import { ensureActiveApplication, updateApplication } from '../../application/applications';

/**
 * GET /payment_change: whether the payroll repayment (allotment / split direct deposit) for this loan is
 * already in place — true once a reviewer approved the allotment. Records when it was asked.
 */
export async function getPaymentChange(ctx: AppContext, member: MemberRow): Promise<TPaymentChangeResponse> {
  requireStatus(member, [...CHOOSE_TERMS_STATUSES, ...VIEW_TERMS_STATUSES]);
  const at = ctx.now();
  const application = await ensureActiveApplication(ctx, member.id, at);
  await updateApplication(ctx, application.id, { paymentChangeCheckedAt: at }, at);
  return { ok: true, payment_change: application.paymentChange };
}
