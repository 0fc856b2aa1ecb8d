import type { TLoanTerms } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { quoteTerms, toLoanTerms } from '../quote-terms';
import { CHOOSE_TERMS_STATUSES, VIEW_TERMS_STATUSES } from '@payrail/domain/workflow/status-attributes';
import { ensureActiveApplication, updateApplication } from '../../application/applications';

/**
 * GET /loan?amount=: on the loan-terms page (loan_terms, loan_amount_changed) prices the amount asked
 * for (or the stored choice, else the largest option) and stores it as the application's terms; on
 * later pages answers the stored terms (an amount is refused there: the terms are chosen).
 */
export async function getLoanTerms(ctx: AppContext, member: MemberRow, amount: number | undefined): Promise<TLoanTerms> {
  const choosing = (CHOOSE_TERMS_STATUSES as readonly string[]).includes(member.workflowStatus);
  requireStatus(member, choosing || amount !== undefined ? CHOOSE_TERMS_STATUSES : [...CHOOSE_TERMS_STATUSES, ...VIEW_TERMS_STATUSES]);
  const at = ctx.now();
  const application = await ensureActiveApplication(ctx, member.id, at);
  if (!choosing && application.amountCents !== null) return toLoanTerms(application, []);
  const { terms, patch } = await quoteTerms(ctx, member.id, application, amount);
  await updateApplication(ctx, application.id, patch, at);
  return choosing ? terms : { ...terms, amount_options: [] };
}
