/**
 * Underwriting rules as data. A {@link RuleSet} is plain, JSON-serialisable data: each rule names its
 * predicate by `check.kind` with the predicate's parameters, and says what a failure means (refer, or
 * deny with its adverse-action text, not-qualified text and reapply policy). The predicates themselves
 * are the pure functions of `checks.ts`; the numbers and texts live here, in versioned data.
 *
 * Versioning: a decision records `ruleSetVersion` and its inputs. A rule set is never edited in place —
 * changing a rule, a parameter or a text is a new rule set with a new `version`, so every past decision
 * can be replayed exactly against the rules it was made with.
 */
import { compareIsoDates, isIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { type Cents, parseDecimal } from '../money';
import { WORKING_TIME_RANGES } from '../validation/working-time';
import type { WorkingTimeRange } from '../validation/working-time';
import { DOCUMENT_TYPES, LENDING_PROGRAMS } from './facts';
import type { DocumentType, LendingProgram } from './facts';

/** When a denied applicant may apply again. */
export type ReapplyPolicy =
  /** A fixed cooling-off period after the decision date. */
  | { readonly kind: 'days'; readonly days: number }
  /** Never (kept for completeness; the default rule set uses it for no reason). */
  | { readonly kind: 'never' }
  /** When tenure at the current job reaches `years`, if the start date is known; else after `fallbackDays`. */
  | { readonly kind: 'tenure_reached'; readonly years: number; readonly fallbackDays: number }
  /** When the applicant reaches `years` of age, if the date of birth is known; else after `fallbackDays`. */
  | { readonly kind: 'age_reached'; readonly years: number; readonly fallbackDays: number };

/** A failure that sends the application to a person (underwriter). */
export interface ReferAction {
  /** Always `'refer'`. */
  readonly outcome: 'refer';
  /** Reason code (stable, snake_case). */
  readonly code: string;
  /** The adverse-action reason to use if a reviewer later denies for this reason. */
  readonly adverseActionText?: string;
}

/** A failure that denies the application. */
export interface DenyAction {
  /** Always `'deny'`. */
  readonly outcome: 'deny';
  /** Reason code (stable, snake_case). */
  readonly code: string;
  /** The principal reason for the adverse-action notice (ECOA / Regulation B), applicant-facing. */
  readonly adverseActionText: string;
  /** The text stored as the member's `not_qualified_reason` (the status panel shows "Not Qualified"). */
  readonly notQualifiedReason: string;
  /** When the applicant may reapply. */
  readonly reapply: ReapplyPolicy;
}

/** What a rule failure means. */
export type RuleAction = ReferAction | DenyAction;

/** The predicates a rule can use, with their parameters (see `checks.ts` for each one's meaning). */
export type RuleCheck =
  | { readonly kind: 'state_available' }
  | { readonly kind: 'minimum_age'; readonly years: number }
  | { readonly kind: 'not_active_military' }
  | { readonly kind: 'employer_eligible'; readonly programs: readonly LendingProgram[] }
  | { readonly kind: 'employer_reviewed' }
  | { readonly kind: 'minimum_tenure'; readonly ineligibleRanges: readonly WorkingTimeRange[] }
  | { readonly kind: 'income_supports_minimum_loan' }
  | { readonly kind: 'amount_within_max' }
  | { readonly kind: 'documents_complete'; readonly optionalFor: readonly LendingProgram[]; readonly unableToVerify: Readonly<Record<DocumentType, string>> };

/** The kinds of {@link RuleCheck}. */
export type RuleCheckKind = RuleCheck['kind'];

/** One underwriting rule. */
export interface Rule {
  /** Stable id, snake_case, unique in its rule set. */
  readonly id: string;
  /** What the rule requires, in plain words (shown in the back office and the docs). */
  readonly description: string;
  /** The predicate and its parameters. */
  readonly check: RuleCheck;
  /** What a failure means. */
  readonly onFail: RuleAction;
  /** What a missing fact means; defaults to the rule set's `missingInformation`. */
  readonly onMissing?: ReferAction;
}

/** The income-based maximum amount: `min(program cap, round_down_to_step(incomePercent % × annual income))`. */
export interface MaxAmountPolicy {
  /** Largest loan per lending program, in cents. */
  readonly programCapsCents: Readonly<Record<LendingProgram, Cents>>;
  /** Cap while the employer is `pending_review`, in cents. */
  readonly pendingReviewCapCents: Cents;
  /** Share of annual income, as exact percent text (e.g. `"20"` = 20 %). */
  readonly incomePercent: string;
  /** The maximum is rounded down to a multiple of this, in cents (loan amounts come in steps). */
  readonly stepCents: Cents;
  /** The smallest loan made, in cents; an income maximum below it is "income insufficient". */
  readonly minLoanCents: Cents;
}

/** A versioned set of underwriting rules. Rule order is priority order (first = principal reason). */
export interface RuleSet {
  /** Version id, recorded on every decision (by convention the effective date, `YYYY-MM-DD`). */
  readonly version: string;
  /** First decision date the set applies to. */
  readonly effectiveFrom: IsoDate;
  /** The income-based maximum amount parameters. */
  readonly maxAmount: MaxAmountPolicy;
  /** The refer used when a rule lacks a fact and has no `onMissing`. */
  readonly missingInformation: ReferAction;
  /** How many principal reasons an adverse-action notice lists (Regulation B: more than four rarely helps). */
  readonly maxAdverseActionReasons: number;
  /** The rules, in priority order. */
  readonly rules: readonly Rule[];
}

const ID_RE = /^[a-z][a-z0-9_]*$/;

function positiveInt(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

function reapplyProblems(p: ReapplyPolicy, where: string): string[] {
  switch (p.kind) {
    case 'never':
      return [];
    case 'days':
      return positiveInt(p.days) ? [] : [`${where}: reapply days must be a positive integer`];
    case 'tenure_reached':
    case 'age_reached':
      return positiveInt(p.years) && positiveInt(p.fallbackDays) ? [] : [`${where}: reapply years and fallbackDays must be positive integers`];
  }
}

function actionProblems(a: RuleAction, where: string): string[] {
  const out: string[] = [];
  if (!ID_RE.test(a.code)) out.push(`${where}: code "${a.code}" must be snake_case`);
  if (a.outcome === 'deny') {
    if (a.adverseActionText.trim() === '') out.push(`${where}: a deny needs an adverseActionText`);
    if (a.notQualifiedReason.trim() === '') out.push(`${where}: a deny needs a notQualifiedReason`);
    out.push(...reapplyProblems(a.reapply, where));
  }
  return out;
}

function checkProblems(rule: Rule): string[] {
  const c = rule.check;
  const where = `rule ${rule.id}`;
  switch (c.kind) {
    case 'minimum_age': {
      const out = positiveInt(c.years) ? [] : [`${where}: years must be a positive integer`];
      if (rule.onFail.outcome === 'deny' && rule.onFail.reapply.kind === 'age_reached' && rule.onFail.reapply.years !== c.years) {
        out.push(`${where}: reapply age ${String(rule.onFail.reapply.years)} differs from the minimum age ${String(c.years)}`);
      }
      return out;
    }
    case 'minimum_tenure':
      return c.ineligibleRanges.every((r) => WORKING_TIME_RANGES.includes(r)) ? [] : [`${where}: unknown working-time range`];
    case 'employer_eligible':
      return c.programs.length > 0 && c.programs.every((p) => LENDING_PROGRAMS.includes(p)) ? [] : [`${where}: programs must be lending programs`];
    case 'documents_complete':
      return DOCUMENT_TYPES.every((d) => (c.unableToVerify[d] ?? '').trim() !== '') ? [] : [`${where}: unableToVerify needs a text for every document type`];
    case 'state_available':
    case 'not_active_military':
    case 'employer_reviewed':
    case 'income_supports_minimum_loan':
    case 'amount_within_max':
      return [];
  }
}

/** Every problem of a rule set (empty when it is sound). */
export function ruleSetProblems(set: RuleSet): string[] {
  const out: string[] = [];
  if (set.version.trim() === '') out.push('version must not be empty');
  if (!isIsoDate(set.effectiveFrom)) out.push('effectiveFrom must be a YYYY-MM-DD date');
  if (!positiveInt(set.maxAdverseActionReasons)) out.push('maxAdverseActionReasons must be a positive integer');
  const m = set.maxAmount;
  try {
    const p = parseDecimal(m.incomePercent);
    if (p.num === 0 || p.num > 100 * p.den) out.push('maxAmount.incomePercent must be above 0 and at most 100');
  } catch {
    out.push(`maxAmount.incomePercent "${m.incomePercent}" is not a decimal`);
  }
  if (!positiveInt(m.stepCents)) out.push('maxAmount.stepCents must be a positive integer');
  if (!positiveInt(m.minLoanCents)) out.push('maxAmount.minLoanCents must be a positive integer');
  for (const program of LENDING_PROGRAMS) {
    const cap = m.programCapsCents[program];
    if (!Number.isSafeInteger(cap) || cap < m.minLoanCents) out.push(`maxAmount cap for ${program} must be an integer ≥ minLoanCents`);
  }
  if (!Number.isSafeInteger(m.pendingReviewCapCents) || m.pendingReviewCapCents < m.minLoanCents)
    out.push('maxAmount.pendingReviewCapCents must be an integer ≥ minLoanCents');
  out.push(...actionProblems(set.missingInformation, 'missingInformation'));
  if (set.rules.length === 0) out.push('a rule set needs at least one rule');
  const seen = new Set<string>();
  for (const rule of set.rules) {
    if (!ID_RE.test(rule.id)) out.push(`rule id "${rule.id}" must be snake_case`);
    if (seen.has(rule.id)) out.push(`duplicate rule id "${rule.id}"`);
    seen.add(rule.id);
    if (rule.description.trim() === '') out.push(`rule ${rule.id}: description must not be empty`);
    out.push(...actionProblems(rule.onFail, `rule ${rule.id}`), ...checkProblems(rule));
    if (rule.onMissing) out.push(...actionProblems(rule.onMissing, `rule ${rule.id} onMissing`));
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Validates a rule set (throws a RangeError listing every problem) and deep-freezes it. */
export function defineRuleSet<T extends RuleSet>(set: T): T {
  const problems = ruleSetProblems(set);
  if (problems.length > 0) throw new RangeError(`invalid rule set ${set.version}: ${problems.join('; ')}`);
  return deepFreeze(set);
}

/**
 * The rule set in force on `today`: the one with the latest `effectiveFrom` not after `today` (ties:
 * the later in the list). Throws a RangeError when none is in force yet.
 */
export function ruleSetInForce(sets: readonly RuleSet[], today: IsoDate): RuleSet {
  let found: RuleSet | null = null;
  for (const s of sets) {
    if (compareIsoDates(s.effectiveFrom, today) <= 0 && (found === null || compareIsoDates(s.effectiveFrom, found.effectiveFrom) >= 0)) found = s;
  }
  if (found === null) throw new RangeError(`no rule set in force on ${today}`);
  return found;
}
