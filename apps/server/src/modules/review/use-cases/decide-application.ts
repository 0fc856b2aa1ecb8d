import { type Decision, decide } from '@payrail/domain/underwriting/decide';
import type { ApplicationFacts } from '@payrail/domain/underwriting/facts';
import type { RuleSet } from '@payrail/domain/underwriting/rule-set';
import type { AppContext } from '../../../context';
import type { DecisionRow } from '../repository';
import { type DecisionStage, loadApplicationFacts } from '../../application/application-facts';
import { activeApplication } from '../../application/applications';

/**
 * Runs the automated underwriting (`decide`) on the member's facts with the rule set in force today and
 * records the decision as the engine returned it (`underwriting_decisions`).
 */
export async function decideApplication(
  ctx: AppContext,
  userId: number,
  stage: DecisionStage,
  overrides: Partial<ApplicationFacts> = {},
): Promise<{ decision: Decision; row: DecisionRow; ruleSet: RuleSet }> {
  const { facts, ruleSet, today } = await loadApplicationFacts(ctx, userId, stage, overrides);
  const decision = decide(facts, ruleSet, today);
  const application = await activeApplication(ctx, userId);
  const row = await ctx.repos.review.recordDecision({
    userId,
    applicationId: application?.id ?? null,
    stage,
    ruleSetVersion: decision.ruleSetVersion,
    decidedOn: decision.decidedOn,
    inputs: JSON.parse(JSON.stringify(decision.inputs)) as Record<string, unknown>,
    outcome: decision.outcome,
    reasons: decision.reasons.map((r) => ({ ...r })),
    maxAmountCents: decision.maxAmountCents,
    adverseActionReasons: [...decision.adverseActionReasons],
    notQualifiedReason: decision.notQualifiedReason,
    reapplyOn: decision.reapplyOn,
    trace: decision.trace.map((t) => ({ ...t })),
    createdAt: ctx.now(),
  });
  return { decision, row, ruleSet };
}
