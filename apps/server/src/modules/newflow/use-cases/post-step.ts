import { FIELD_MSG } from '@payrail/contract/messages';
import { NEWFLOW_STEP_PAYLOADS, type NewflowPostableStep } from '@payrail/contract/newflow';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { statusNow } from '../../workflow/move';
import { NEWFLOW_STEP_HANDLERS } from '../steps';
import type { StepAnswer } from '../steps/shared';
import { isFinalized, stepNotOpen } from '../workflow';

/**
 * POST /applicationflow/application_step: the step named by `workflow_status_key`, only where the
 * application is (409 otherwise, with the current status), validated by the step's schema (422 field
 * errors) and handled by the step's own file (`steps/`), answered with `new_status`.
 */
export async function postStep(ctx: AppContext, member: MemberRow, body: unknown, client: ClientInfo): Promise<StepAnswer> {
  const key = (body as { workflow_status_key?: unknown }).workflow_status_key;
  if (typeof key !== 'string' || !(key in NEWFLOW_STEP_PAYLOADS)) throw AppError.fields({ workflow_status_key: [FIELD_MSG.notIncluded] });
  const step = key as NewflowPostableStep;
  const current = await statusNow(ctx, member.id, member.workflowStatus);
  const nf = await ctx.repos.newflow.find(member.id);
  // A poll that arrives after the decision moved the application answers where it went (idempotent).
  if (step === 'rate_check' && current !== 'rate_check' && nf?.rateCheckState === 'done')
    return { status: 200, body: { new_status: current, finalized_application: isFinalized(current), pending: false } };
  if (!member.newFlow || current !== step) throw stepNotOpen(current);
  return NEWFLOW_STEP_HANDLERS[step].post({ ctx, member: { ...member, workflowStatus: current }, nf, body, client });
}
