/**
 * Every underwriting rule set ever used, oldest first (docs/underwriting-rules.md): domain data, read by
 * the review's decisions and by the loan terms' caps alike.
 */
import type { IsoDate } from '../dates';
import { DEFAULT_RULE_SET } from './default-rule-set';
import { type RuleSet, ruleSetInForce } from './rule-set';

/** Every rule set ever used, oldest first; the one in force on a date decides. */
export const RULE_SETS: readonly RuleSet[] = Object.freeze([DEFAULT_RULE_SET]);

/** The rule set in force on `today` (a RangeError before the first one's effective date). */
export const ruleSetFor = (today: IsoDate): RuleSet => ruleSetInForce(RULE_SETS, today);
