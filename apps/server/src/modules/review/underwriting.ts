import { REQUIRED_DOCUMENT_TYPES } from '@payrail/contract/documents';
import type { IsoDate } from '@payrail/domain/dates';
import type { Cents } from '@payrail/domain/money';
import { DEFAULT_RULE_SET } from '@payrail/domain/underwriting/default-rule-set';
import type { ApplicationFacts, DocumentType } from '@payrail/domain/underwriting/facts';
import { type RuleSet, ruleSetInForce } from '@payrail/domain/underwriting/rule-set';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import { employerOf, employerProgramOf } from '../employment/employer-program';

/** Every rule set ever used, oldest first; the one in force on a date decides (docs/underwriting-rules.md). */
export const RULE_SETS: readonly RuleSet[] = [DEFAULT_RULE_SET];

/** The rule set in force on `today`. */
export const ruleSetFor = (today: IsoDate): RuleSet => ruleSetInForce(RULE_SETS, today);

/** Where a decision runs: at the employer step (documents not asked yet) or at the application review. */
export type DecisionStage = 'employer' | 'review';

/**
 * The underwriting facts of a member's application from the stored answers (docs/underwriting-rules.md
 * "Facts"): a fact not established yet is null. `overrides` carries answers being submitted, decided on
 * before they are stored.
 */
export async function loadApplicationFacts(
  ctx: AppContext,
  userId: number,
  stage: DecisionStage,
  overrides: Partial<ApplicationFacts> = {},
): Promise<{ facts: ApplicationFacts; ruleSet: RuleSet; today: IsoDate }> {
  const today = utcDay(ctx.now());
  const ruleSet = ruleSetFor(today);
  const [profile, borrower, application, documents] = await Promise.all([
    ctx.repos.application.findProfile(userId),
    ctx.repos.identity.findBorrower(userId),
    ctx.repos.application.activeApplication(userId),
    ctx.repos.documents.listLive(userId),
  ]);
  const [state, employer] = await Promise.all([
    borrower?.stateId ? ctx.repos.reference.findState(String(borrower.stateId)) : undefined,
    employerOf(ctx, borrower),
  ]);
  const facts: ApplicationFacts = {
    stateAvailable: state ? state.isAvailable : null,
    dateOfBirth: (profile?.dateOfBirth as IsoDate | null | undefined) ?? null,
    workingTimeRange: profile?.workingTimeRange ?? null,
    employmentStartDate: null,
    militaryActive: profile?.militaryActive ?? null,
    employerProgram: employerProgramOf(profile, employer),
    annualIncomeCents: (profile?.annualIncomeCents as Cents | null | undefined) ?? null,
    requestedAmountCents: (application?.amountCents ?? ruleSet.maxAmount.minLoanCents) as Cents,
    requiredDocuments: stage === 'review' ? [...REQUIRED_DOCUMENT_TYPES] : [],
    uploadedDocuments: [...new Set(documents.map((d) => d.documentTypeName as DocumentType))],
    ...overrides,
  };
  return { facts, ruleSet, today };
}
