import { REQUIRED_DOCUMENT_TYPES } from '@payrail/contract/documents';
import type { IsoDate } from '@payrail/domain/dates';
import { utcDay } from '@payrail/domain/dates';
import type { Cents } from '@payrail/domain/money';
import { employerProgramOf } from '@payrail/domain/underwriting/employer-program';
import type { ApplicationFacts, DocumentType } from '@payrail/domain/underwriting/facts';
import type { RuleSet } from '@payrail/domain/underwriting/rule-set';
import { ruleSetFor } from '@payrail/domain/underwriting/rule-sets';
import type { AppContext } from '../../context';
import { findBorrower } from '../identity/members';
import { findEmployer, findState } from '../reference/reference-data';
import { liveDocuments } from '../documents/live-documents';

/** Where a decision runs: at the employer step (documents not asked yet) or at the application review. */
export type DecisionStage = 'employer' | 'review';

/**
 * The underwriting facts of a member's application from the stored answers (docs/underwriting-rules.md
 * "Facts"): a fact not established yet is null. `overrides` carries answers being submitted, decided on
 * before they are stored. Read by the review's decisions and the new flow's rate check (both above).
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
    findBorrower(ctx, userId),
    ctx.repos.application.activeApplication(userId),
    liveDocuments(ctx, userId),
  ]);
  const [state, employer] = await Promise.all([
    borrower?.stateId ? findState(ctx, String(borrower.stateId)) : undefined,
    borrower?.employerId ? findEmployer(ctx, borrower.employerId) : undefined,
  ]);
  const facts: ApplicationFacts = {
    stateAvailable: state ? state.isAvailable : null,
    dateOfBirth: (profile?.dateOfBirth as IsoDate | null | undefined) ?? null,
    workingTimeRange: profile?.workingTimeRange ?? null,
    employmentStartDate: null,
    militaryActive: profile?.militaryActive ?? null,
    employerProgram: employerProgramOf(profile?.incomeSource, employer),
    annualIncomeCents: (profile?.annualIncomeCents as Cents | null | undefined) ?? null,
    requestedAmountCents: (application?.amountCents ?? ruleSet.maxAmount.minLoanCents) as Cents,
    requiredDocuments: stage === 'review' ? [...REQUIRED_DOCUMENT_TYPES] : [],
    uploadedDocuments: [...new Set(documents.map((d) => d.documentTypeName as DocumentType))],
    ...overrides,
  };
  return { facts, ruleSet, today };
}
