import { APPLICATION_MSG, type TOkStatusResponse } from '@payrail/contract/application';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { moveIfAllowed } from '../../workflow/move';
import { latestApplication } from '../../application/applications';
import { couldReapplyOn } from '../reapply';

const refuse = (message: string) => new AppError('validation', message);

/**
 * GET /do_reapply and GET /new_application: a declined, denied, dropped or canceled borrower starts a
 * new application once the reapply date is reached. The ended application is closed and a fresh one
 * opened; the About-yourself answers stay for the borrower to review. Refusals answer `{ error }`
 * (the SPA shows it, or MSG.newLoanFailed without one).
 */
export async function startNewApplication(ctx: AppContext, member: MemberRow): Promise<TOkStatusResponse> {
  const latest = await latestApplication(ctx, member.id);
  const on = couldReapplyOn(member.workflowStatus, latest, utcDay(ctx.now()));
  if (on === 'never') throw refuse(APPLICATION_MSG.cannotReapply);
  if (on !== 'today') throw refuse(APPLICATION_MSG.cannotReapplyYet(on));
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const move = moveIfAllowed({ userId: member.id, from: member.workflowStatus, to: 'about_yourself', actor: 'system', context, at: ctx.now() });
  if (!move) throw refuse(APPLICATION_MSG.cannotReapply);
  const committed = await ctx.repos.review.commit({ userId: member.id, move, member: { notQualifiedReason: null }, newApplication: true, at: move.at });
  if (!committed.ok) throw refuse(APPLICATION_MSG.cannotReapply);
  return { ok: true, new_status: 'about_yourself' };
}
