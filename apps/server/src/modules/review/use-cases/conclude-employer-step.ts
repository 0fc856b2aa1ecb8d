import { type TOkStatusResponse } from '@payrail/contract/application';
import type { DenyAction } from '@payrail/domain/underwriting/rule-set';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import type { EmployerStepEnd } from '../../employment/hooks';
import type { MemberRow } from '../../../db/rows';
import { automatedMove } from '../automated-move';
import { applyDenial } from './apply-adverse-action';
import { decideApplication } from './decide-application';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { commitMove, planAdvance } from '../../workflow/move';
import { saveApplicationFields } from '../../application/applications';

/** The form field each deny reason of the employer step is shown on (spec §5: the server's text on the field). */
const FIELD_OF_CODE: Readonly<Record<string, string>> = { tenure_too_short: 'working_time_range', military_active: 'military_active' };

/**
 * Ends the employer step (the employment module's `employerStepEnded` hook, employment/hooks.ts): runs the underwriting on the stored answers plus the ones submitted, records
 * the decision, then
 * - deny: the status moves to `denied` with the notice when the workflow table lets the system do it
 *   from `employer`; it has no such row today, so the call is refused with the not-qualified reasons as
 *   field errors and nothing is saved (the decision stays recorded);
 * - approve or refer: saves the answers and advances to the phone step in one transaction.
 */
export async function concludeEmployerStep(ctx: AppContext, member: MemberRow, p: EmployerStepEnd): Promise<TOkStatusResponse> {
  const { decision, ruleSet } = await decideApplication(ctx, member.id, 'employer', p.overrides);
  const { context } = await loadWorkflowFacts(ctx, member.id);
  if (decision.outcome === 'deny') {
    const move = automatedMove(ctx, { userId: member.id, from: member.workflowStatus, to: 'denied', context, inReviewersPlace: false });
    if (move) {
      await saveApplicationFields(ctx, member.id, p.answers, ctx.now());
      const done = await applyDenial(ctx, member, move, decision);
      if (done) return { ok: true, new_status: 'denied' };
    }
    const errors: FieldErrors = {};
    for (const reason of decision.reasons.filter((r) => r.outcome === 'deny')) {
      const action = ruleSet.rules.find((r) => r.id === reason.ruleId)?.onFail as DenyAction | undefined;
      const field = FIELD_OF_CODE[reason.code] ?? p.otherField;
      const list = (errors[field] ??= []);
      const text = action?.notQualifiedReason ?? reason.adverseActionText ?? reason.code;
      if (!list.includes(text)) list.push(text);
    }
    throw AppError.fields(errors);
  }
  const move = await planAdvance(ctx, member, { context });
  await commitMove(ctx, member, async () => (await ctx.repos.review.commit({ userId: member.id, move, answers: { patch: p.answers }, at: move.at })).ok);
  return { ok: true, new_status: move.to };
}
