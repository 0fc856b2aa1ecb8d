/**
 * The automated underwriting decision: evaluate every rule of a {@link RuleSet} on the facts, collect a
 * reason for each failure, and take the most severe outcome — deny > refer > approve.
 *
 * The function is pure and total over valid facts: same facts, rule set and `today` → same decision.
 * The decision records the rule-set version, the decision date and a frozen copy of the inputs, so it
 * can be stored as is and replayed later.
 */
import type { IsoDate } from '../dates';
import type { Cents } from '../money';
import { evaluateCheck } from './checks';
import type { CheckContext } from './checks';
import { assertValidFacts, snapshotFacts } from './facts';
import type { ApplicationFacts } from './facts';
import { maxAmountCents } from './max-amount';
import { latestReapplyOn, reapplyDate } from './reapply';
import type { ReapplyOn } from './reapply';
import type { Rule, RuleAction, RuleSet } from './rule-set';

/** The outcome of a decision. */
export type Outcome = (typeof DECISION_OUTCOMES)[number];
export const DECISION_OUTCOMES = ['approve', 'refer', 'deny'] as const;

/** One reason a decision did not simply approve. */
export interface DecisionReason {
  /** The rule that failed. */
  readonly ruleId: string;
  /** The reason code (the contract maps codes to texts). */
  readonly code: string;
  /** What failed, with the numbers, for the reviewer and the audit trail (not applicant-facing). */
  readonly detail: string;
  /** Whether this reason denies or refers. */
  readonly outcome: 'deny' | 'refer';
  /** Applicant-facing adverse-action reason (always present on a deny reason). */
  readonly adverseActionText: string | null;
}

/** How each rule evaluated (the audit trail; passes included). */
export interface RuleTrace {
  /** The rule. */
  readonly ruleId: string;
  /** The predicate's verdict. */
  readonly verdict: 'pass' | 'fail' | 'missing' | 'not_applicable';
  /** The predicate's detail. */
  readonly detail: string;
}

/** A recorded underwriting decision. */
export interface Decision {
  /** deny > refer > approve. */
  readonly outcome: Outcome;
  /** Every failure, in rule order (deny and refer reasons both). */
  readonly reasons: readonly DecisionReason[];
  /** The largest amount the engine would lend: min(program cap, income share); 0 when unknown or not eligible. */
  readonly maxAmountCents: Cents;
  /** The version of the rule set that decided. */
  readonly ruleSetVersion: string;
  /** The decision date. */
  readonly decidedOn: IsoDate;
  /** A frozen copy of the facts decided on. */
  readonly inputs: ApplicationFacts;
  /** On a deny: the principal reasons for the adverse-action notice (deduplicated, rule order, capped). Otherwise empty. */
  readonly adverseActionReasons: readonly string[];
  /** On a deny: the `not_qualified_reason` text (the first deny reason's). Otherwise `null`. */
  readonly notQualifiedReason: string | null;
  /** On a deny: when the applicant may reapply (latest over the deny reasons). Otherwise `null`. */
  readonly reapplyOn: ReapplyOn | null;
  /** How every rule evaluated. */
  readonly trace: readonly RuleTrace[];
}

const SEVERITY: Readonly<Record<Outcome, number>> = { approve: 0, refer: 1, deny: 2 };

/** The more severe of outcomes (deny > refer > approve); `approve` for none. */
export function worstOutcome(outcomes: readonly Outcome[]): Outcome {
  let worst: Outcome = 'approve';
  for (const o of outcomes) if (SEVERITY[o] > SEVERITY[worst]) worst = o;
  return worst;
}

interface Failure {
  readonly reason: DecisionReason;
  readonly action: RuleAction;
}

function evaluate(rule: Rule, facts: ApplicationFacts, ctx: CheckContext, missingInformation: RuleAction): { trace: RuleTrace; failures: readonly Failure[] } {
  const result = evaluateCheck(rule.check, facts, ctx);
  const trace: RuleTrace = { ruleId: rule.id, verdict: result.verdict, detail: result.detail };
  const failure = (action: RuleAction, detail: string, text?: string): Failure => ({
    action,
    reason: { ruleId: rule.id, code: action.code, detail, outcome: action.outcome, adverseActionText: text ?? action.adverseActionText ?? null },
  });
  if (result.verdict === 'fail') return { trace, failures: result.items.map((item) => failure(rule.onFail, item.detail, item.adverseActionText)) };
  if (result.verdict === 'missing') return { trace, failures: [failure(rule.onMissing ?? missingInformation, result.detail)] };
  return { trace, failures: [] };
}

/**
 * Evaluates one rule alone: its trace line and the reasons it contributes (none when it passes or does
 * not apply). `missingInformation` is the rule set's refer for a missing fact.
 */
export function evaluateRule(
  rule: Rule,
  facts: ApplicationFacts,
  ctx: CheckContext,
  missingInformation: RuleAction,
): { readonly trace: RuleTrace; readonly reasons: readonly DecisionReason[] } {
  const r = evaluate(rule, facts, ctx, missingInformation);
  return { trace: r.trace, reasons: r.failures.map((f) => f.reason) };
}

/** The context the predicates read for these facts: the decision date, the max-amount policy and the computed maximum. */
export function checkContext(facts: ApplicationFacts, ruleSet: RuleSet, today: IsoDate): CheckContext {
  return { today, maxAmount: ruleSet.maxAmount, maxAmountCents: maxAmountCents(facts.annualIncomeCents, facts.employerProgram, ruleSet.maxAmount) };
}

/** Decides an application with a rule set on `today`. Throws a RangeError on malformed facts. */
export function decide(facts: ApplicationFacts, ruleSet: RuleSet, today: IsoDate): Decision {
  assertValidFacts(facts);
  const inputs = snapshotFacts(facts);
  const ctx = checkContext(inputs, ruleSet, today);
  const trace: RuleTrace[] = [];
  const failures: Failure[] = [];
  for (const rule of ruleSet.rules) {
    const r = evaluate(rule, inputs, ctx, ruleSet.missingInformation);
    trace.push(r.trace);
    failures.push(...r.failures);
  }
  const outcome = worstOutcome(failures.map((f) => f.reason.outcome));
  const denials = outcome === 'deny' ? failures.filter((f) => f.action.outcome === 'deny') : [];
  const texts = [...new Set(denials.map((f) => f.reason.adverseActionText).filter((t): t is string => t !== null))];
  const first = denials[0]?.action;
  return Object.freeze({
    outcome,
    reasons: Object.freeze(failures.map((f) => Object.freeze(f.reason))),
    maxAmountCents: ctx.maxAmountCents,
    ruleSetVersion: ruleSet.version,
    decidedOn: today,
    inputs,
    adverseActionReasons: Object.freeze(texts.slice(0, ruleSet.maxAdverseActionReasons)),
    notQualifiedReason: first?.outcome === 'deny' ? first.notQualifiedReason : null,
    reapplyOn: latestReapplyOn(denials.flatMap((f) => (f.action.outcome === 'deny' ? [reapplyDate(f.action.reapply, inputs, today)] : []))),
    trace: Object.freeze(trace),
  });
}
