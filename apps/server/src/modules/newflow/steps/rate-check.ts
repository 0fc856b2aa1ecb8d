import { statusNow } from '../../workflow/move';
import { runRateChecks } from '../rate-check';
import { isFinalized } from '../workflow';
import type { StepHandlers } from './shared';

/** rate_check: opens the one job (idempotent), runs it if nobody else is, answers where the application is. */
export const rateCheck = {
  async data({ rateCheck }) {
    return rateCheck;
  },
  async post({ ctx, member }) {
    await ctx.repos.newflow.openRateCheck(member.id, ctx.now());
    await runRateChecks(ctx, { userId: member.id });
    const now = await statusNow(ctx, member.id, member.workflowStatus);
    if (now === 'rate_check') return { status: 200, body: { new_status: 'rate_check', finalized_application: false, pending: true } };
    return { status: 200, body: { new_status: now, finalized_application: isFinalized(now), pending: false } };
  },
} satisfies StepHandlers;
