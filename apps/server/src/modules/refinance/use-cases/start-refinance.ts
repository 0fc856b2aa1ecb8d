import { REFINANCE_MSG } from '@payrail/contract/refinance';
import type { TOkStatusResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import { loanHasPendingTransaction, loansOfMember } from '../../loan-book/loans';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import { loanState } from '../../loan-book/use-cases/loan-position';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { moveIfAllowed } from '../../workflow/move';
import { applicationFacts, loanRefinance } from './refinance-facts';
import { activeApplication } from '../../application/applications';

/** Where a refinance starts: the funded application (approved) or an ended one (a declined refinance after its date). */
export const START_FROM: ReadonlySet<string> = new Set(['approved', 'declined', 'denied', 'dropped', 'canceled']);

/**
 * POST /refinance (not in the spec: what the loan details' Refinance button and the Approved panel's
 * prompt do before RefinanceTerms): an eligible, opened loan starts a refinancing application in the one
 * workflow — approved (or an ended application) → refinancing_application (system) → refinancing_loan_terms — closing the funded
 * application and opening one of loan type `refinancing` that names the loan it will pay off.
 * Idempotent: a member already on refinancing_loan_terms for this loan answers that status.
 */
export async function startRefinance(ctx: AppContext, member: MemberRow, loanId: number | undefined): Promise<TOkStatusResponse> {
  const loans = await loansOfMember(ctx, member.id);
  const loan = loanId === undefined ? loans.find((l) => l.status === 'opened') : loans.find((l) => l.id === loanId);
  if (!loan) throw AppError.notFound(REFINANCE_MSG.noLoan);
  const facts = await applicationFacts(ctx, member, loans);
  if (facts.refinancingLoanId === loan.id && member.workflowStatus === 'refinancing_loan_terms') return { ok: true, new_status: 'refinancing_loan_terms' };
  const today = await businessToday(ctx);
  const [state, pending] = await Promise.all([loanState(ctx, loan, today), loanHasPendingTransaction(ctx, loan.id)]);
  const r = loanRefinance(ctx, state, pending, facts, today);
  if (!r.eligible || !START_FROM.has(member.workflowStatus))
    throw new AppError('validation', REFINANCE_MSG.notEligible, { extra: { requirements_to_refinance: r.requirements } });
  const { context } = await loadWorkflowFacts(ctx, member.id);
  const at = ctx.now();
  const first = moveIfAllowed({ userId: member.id, from: member.workflowStatus, to: 'refinancing_application', actor: 'system', context, at });
  const second = moveIfAllowed({ userId: member.id, from: 'refinancing_application', to: 'refinancing_loan_terms', actor: 'borrower', context, at });
  if (!first || !second) throw new AppError('validation', REFINANCE_MSG.notEligible);
  const previous = await activeApplication(ctx, member.id);
  const started = await ctx.repos.refinance.start({
    userId: member.id,
    moves: [first, second],
    refinancesLoanId: loan.id,
    paymentMethod: previous?.paymentMethod ?? null,
    at,
  });
  if (!started) throw new AppError('conflict', REFINANCE_MSG.notEligible);
  return { ok: true, new_status: 'refinancing_loan_terms' };
}
