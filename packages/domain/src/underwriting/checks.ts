/**
 * The pure predicates behind {@link RuleCheck} kinds. Each reads the facts (and the decision date and
 * max-amount policy), never anything else, and answers:
 *
 * - `pass` — the rule holds;
 * - `fail` — it does not (one or more `items`, e.g. one per missing document);
 * - `missing` — a fact it needs is `null`, so it cannot tell;
 * - `not_applicable` — the rule does not concern this application (e.g. documents for a partner employer).
 */
import type { IsoDate } from '../dates';
import { type Cents, formatUsd } from '../money';
import { ageOn } from '../validation/date-of-birth';
import type { ApplicationFacts } from './facts';
import { incomeMaxCents } from './max-amount';
import type { MaxAmountPolicy, RuleCheck } from './rule-set';

/** One failing item of a check. */
export interface CheckItem {
  /** What failed, for the reviewer (plain words with the numbers). */
  readonly detail: string;
  /** Overrides the action's adverse-action text for this item (e.g. per missing document). */
  readonly adverseActionText?: string;
}

/** The answer of a predicate. */
export type CheckOutcome =
  | { readonly verdict: 'pass' | 'not_applicable' | 'missing'; readonly detail: string }
  | { readonly verdict: 'fail'; readonly detail: string; readonly items: readonly CheckItem[] };

/** What a predicate may read besides the facts. */
export interface CheckContext {
  /** The decision date. */
  readonly today: IsoDate;
  /** The max-amount policy of the rule set. */
  readonly maxAmount: MaxAmountPolicy;
  /** The decision's maximum amount (computed once from the facts and policy). */
  readonly maxAmountCents: Cents;
}

function pass(detail: string): CheckOutcome {
  return { verdict: 'pass', detail };
}
function missing(detail: string): CheckOutcome {
  return { verdict: 'missing', detail };
}
function fail(detail: string, items?: readonly CheckItem[]): CheckOutcome {
  return { verdict: 'fail', detail, items: items ?? [{ detail }] };
}
const usd = formatUsd;

/** Evaluates one predicate on the facts. */
export function evaluateCheck(check: RuleCheck, facts: ApplicationFacts, ctx: CheckContext): CheckOutcome {
  switch (check.kind) {
    case 'state_available':
      if (facts.stateAvailable === null) return missing('state of residence unknown');
      return facts.stateAvailable ? pass('state of residence is available') : fail('state of residence is not available');

    case 'minimum_age': {
      if (facts.dateOfBirth === null) return missing('date of birth unknown');
      const age = ageOn(facts.dateOfBirth, ctx.today);
      const detail = `age ${String(age)} on ${ctx.today} (minimum ${String(check.years)})`;
      return age >= check.years ? pass(detail) : fail(detail);
    }

    case 'not_active_military':
      if (facts.militaryActive === null) return missing('military status unknown');
      return facts.militaryActive ? fail('applicant declared active military duty') : pass('not on active military duty');

    case 'employer_eligible': {
      const p = facts.employerProgram;
      if (p === null) return missing('employer unknown');
      if (p === 'pending_review') return { verdict: 'not_applicable', detail: 'employer pending review' };
      return p !== 'not_eligible' && check.programs.includes(p) ? pass(`employer program ${p}`) : fail(`employer program ${p} is not eligible`);
    }

    case 'employer_reviewed': {
      const p = facts.employerProgram;
      if (p === null) return missing('employer unknown');
      return p === 'pending_review' ? fail('new employer awaits review') : pass(`employer program ${p}`);
    }

    case 'minimum_tenure': {
      const r = facts.workingTimeRange;
      if (r === null) return missing('working time range unknown');
      return check.ineligibleRanges.includes(r) ? fail(`working time range ${r} is too short`) : pass(`working time range ${r}`);
    }

    case 'income_supports_minimum_loan': {
      if (facts.annualIncomeCents === null) return missing('annual income unknown');
      const max = incomeMaxCents(facts.annualIncomeCents, ctx.maxAmount);
      const detail = `${ctx.maxAmount.incomePercent}% of annual income ${usd(facts.annualIncomeCents)} allows ${usd(max)} (minimum loan ${usd(ctx.maxAmount.minLoanCents)})`;
      return max >= ctx.maxAmount.minLoanCents ? pass(detail) : fail(detail);
    }

    case 'amount_within_max': {
      const p = facts.employerProgram;
      if (p === 'not_eligible') return { verdict: 'not_applicable', detail: 'employer not eligible: no amount is offered' };
      if (facts.annualIncomeCents === null || p === null) return missing(facts.annualIncomeCents === null ? 'annual income unknown' : 'employer unknown');
      const detail = `requested ${usd(facts.requestedAmountCents)}, maximum ${usd(ctx.maxAmountCents)}`;
      return facts.requestedAmountCents <= ctx.maxAmountCents ? pass(detail) : fail(detail);
    }

    case 'documents_complete': {
      const p = facts.employerProgram;
      if (p !== null && p !== 'not_eligible' && p !== 'pending_review' && check.optionalFor.includes(p)) {
        return { verdict: 'not_applicable', detail: `documents are optional for ${p}` };
      }
      const uploaded = new Set(facts.uploadedDocuments);
      const absent = [...new Set(facts.requiredDocuments)].filter((d) => !uploaded.has(d));
      if (absent.length === 0) return pass(`${String(facts.requiredDocuments.length)} required document type(s) uploaded`);
      return fail(
        `missing: ${absent.join(', ')}`,
        absent.map((d) => ({ detail: `${d} not uploaded`, adverseActionText: check.unableToVerify[d] })),
      );
    }
  }
}
