import { diffDays, isIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { refinanceEligibility } from '@payrail/domain/loan/refinance';
import { STATUS_KIND } from '@payrail/domain/workflow/statuses';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { ledgerOf, loanHasPendingTransaction, loansOfMember, signedNoteOf } from '../../loan-book/loans';
import type { MemberRow } from '../../../db/rows';
import { loanStateFrom } from '../../loan-book/use-cases/loan-position';
import type { LoanRefinance, LoanState } from '../../loan-book/use-cases/loan-position';
import { businessToday, businessTodayFrom } from '../../../lib/business-clock';
import type { MemberLoanFacts } from '../../loan-book/member-loan-facts.repository';
import type { LoanRow } from '../../loan-book/repository';
import type { MemberApplications } from '../../application/member-applications.repository';
import { activeAndLatestApplication } from '../../application/applications';

/** Member statuses of an application under review (newflow §6 review-stage statuses). */
export const UNDER_REVIEW_STATUSES: ReadonlySet<string> = new Set([
  'employer_review',
  'application_submitted',
  'review_application',
  'review_allotment',
  'ready_for_review',
  'reconsider_declined',
]);
export const WAITING_ESIGN_STATUSES: ReadonlySet<string> = new Set(['esignature_needed', 'refinancing_esignature']);

/** Where the member's applications stand, as the refinance rules need it. */
export interface ApplicationFacts {
  /** Another application is in progress: a step or review status, or approved and not yet funded. */
  inProgress: boolean;
  /** The loan a refinancing application in progress will pay off. */
  refinancingLoanId: number | null;
  status: string;
  /** The latest application was a refinance of this loan that ended with a reapply date (`never`: no more refinances). */
  refinanceReapply: { loanId: number; on: IsoDate | 'never' } | null;
}

/** The application facts from rows already read: the member's applications and loans (the loan of an application is the member's). */
export function applicationFactsOf(member: MemberRow, { active, latest }: MemberApplications, loans: readonly LoanRow[]): ApplicationFacts {
  const status = member.workflowStatus;
  const kind = isWorkflowStatus(status) ? STATUS_KIND[status] : 'step';
  const funded = active ? loans.some((l) => l.applicationId === active.id) : false;
  const inProgress =
    kind === 'step' || kind === 'review' || kind === 'entry' || (status === 'approved' && active !== undefined && active.outcome !== null && !funded);
  const refinancingLoanId = inProgress && active?.loanType === 'refinancing' ? active.refinancesLoanId : null;
  const reapply =
    latest &&
    latest.loanType === 'refinancing' &&
    latest.refinancesLoanId !== null &&
    latest.reapplyOn !== null &&
    !inProgress &&
    (isIsoDate(latest.reapplyOn) || latest.reapplyOn === 'never')
      ? { loanId: latest.refinancesLoanId, on: latest.reapplyOn as IsoDate | 'never' }
      : null;
  return { inProgress, refinancingLoanId, status, refinanceReapply: reapply };
}

/** The application facts; `loans`: the member's loans when the caller has them already. */
export async function applicationFacts(ctx: AppContext, member: MemberRow, loans?: readonly LoanRow[]): Promise<ApplicationFacts> {
  const [applications, memberLoans] = await Promise.all([activeAndLatestApplication(ctx, member.id), loans ?? loansOfMember(ctx, member.id)]);
  return applicationFactsOf(member, applications, memberLoans);
}

/** The refinance fields of one loan (spec §3 Loan: eligible_for_refinance … is_under_review). */
export function loanRefinance(ctx: AppContext, state: LoanState, hasPendingTransaction: boolean, facts: ApplicationFacts, today: IsoDate): LoanRefinance {
  const { eligible, requirements } = refinanceEligibility({
    loanStatus: state.loan.status,
    notePrincipalCents: state.schedule.notePrincipalCents,
    principalCents: state.position.principalCents,
    daysPastDue: state.position.daysPastDue,
    hasPendingTransactions: hasPendingTransaction,
    otherApplicationInProgress: facts.inProgress,
    minPaidShare: ctx.config.refinance.minPaidShare,
  });
  const mine = facts.refinancingLoanId === state.loan.id;
  const ended = facts.refinanceReapply?.loanId === state.loan.id ? facts.refinanceReapply.on : null;
  const never = ended === 'never';
  const reapply = ended !== null && ended !== 'never' && ended > today ? ended : null;
  return {
    eligible: eligible && reapply === null && !never,
    requirements,
    inProgress: mine,
    isWaitingEsign: mine && WAITING_ESIGN_STATUSES.has(facts.status),
    isUnderReview: mine && UNDER_REVIEW_STATUSES.has(facts.status),
    daysLeftForReapply: reapply ? diffDays(today, reapply) : null,
    dateToReapply: reapply,
  };
}

/**
 * The session's `eligible_for_refinance`: the member's opened loan can be refinanced now (spec §5).
 * Asked on every session check of a borrower with an opened loan. `openedLoanId` (the session check
 * reads it with the session): every read runs in one round trip — the member's loans, applications,
 * business date, and the loan's note, ledger and payment in flight. Without it: the loans first.
 */
export async function eligibleForRefinance(ctx: AppContext, member: MemberRow, openedLoanId?: number): Promise<boolean> {
  let known: LoanRow[] | undefined;
  if (openedLoanId === undefined) {
    known = await loansOfMember(ctx, member.id);
    const opened = known.find((l) => l.status === 'opened');
    if (!opened) return false;
    openedLoanId = opened.id;
  }
  const [loans, applications, today, note, entries, pending] = await Promise.all([
    known ?? loansOfMember(ctx, member.id),
    activeAndLatestApplication(ctx, member.id),
    businessToday(ctx),
    signedNoteOf(ctx, openedLoanId),
    ledgerOf(ctx, openedLoanId),
    loanHasPendingTransaction(ctx, openedLoanId),
  ]);
  const loan = loans.find((l) => l.id === openedLoanId && l.status === 'opened');
  if (!loan) return false;
  return loanRefinance(ctx, loanStateFrom(loan, note, entries, today), pending, applicationFactsOf(member, applications, loans), today).eligible;
}

/**
 * {@link eligibleForRefinance} from rows already read in the caller's statement (the session check reads
 * them with the session, `memberLoanFactsColumns(…, 'opened')`): no statement of its own.
 */
export function eligibleForRefinanceFrom(ctx: AppContext, member: MemberRow, applications: MemberApplications, facts: MemberLoanFacts): boolean {
  const loan = facts.loans.find((l) => l.id === facts.loanId && l.status === 'opened');
  if (!loan) return false;
  const today = businessTodayFrom(ctx, facts.businessOverride);
  return loanRefinance(
    ctx,
    loanStateFrom(loan, facts.note, facts.ledger, today),
    facts.pendingTransaction,
    applicationFactsOf(member, applications, facts.loans),
    today,
  ).eligible;
}
