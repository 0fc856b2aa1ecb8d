import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { compareIsoDates, type IsoDate, utcDay } from '@payrail/domain/dates';
import { AppError } from '../../../errors';
import { closeApplication, latestApplication } from '../../application/applications';
import { saveAndMove } from '../workflow';
import { moved, type StepHandlers, type StepPost, type StepRead } from './shared';

/** What an ended application shows: the adverse-action reasons and when the applicant may apply again. */
async function endedData({ ctx, member, rateCheck }: StepRead): Promise<Record<string, unknown>> {
  const ended = await latestApplication(ctx, member.id);
  return { adverse_action_reasons: rateCheck.adverse_action_reasons, reapply_date: ended?.reapplyOn ?? null };
}

/** denied / dropped → a new application from job_info, once the reapply date has come (never: refused). */
async function restart({ ctx, member }: StepPost) {
  const ended = await latestApplication(ctx, member.id);
  const on = ended?.reapplyOn ?? null;
  const today = utcDay(ctx.now());
  if (on === 'never') throw new AppError('validation', MSG.newLoanFailed);
  if (on !== null && compareIsoDates(on as IsoDate, today) > 0) throw new AppError('validation', NEWFLOW_MSG.reapplyNotYet(on));
  const at = ctx.now();
  if (ended && ended.closedAt === null) await closeApplication(ctx, ended, at);
  return moved(
    await saveAndMove(
      ctx,
      member,
      {
        rateCheckState: null,
        rateCheckOutcome: null,
        rateCheckApprovedCents: null,
        rateCheckReasons: null,
        rateCheckBureau: null,
        rateCheckAttempts: 0,
        chosenOffer: null,
        program: null,
        allocationStatus: null,
        allocationAmountCents: null,
        personalInfoSavedAt: null,
      },
      'job_info',
      'system',
      { newFlow: true },
    ),
  );
}

export const denied = { data: endedData, post: restart } satisfies StepHandlers;
export const dropped = { data: endedData, post: restart } satisfies StepHandlers;
export const cantProceed = { data: endedData } satisfies StepHandlers;
