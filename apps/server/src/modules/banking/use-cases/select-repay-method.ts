import type { RepayMethod, TRepayMethodOffer } from '@payrail/contract/banking';
import { REPAY_METHODS } from '@payrail/contract/banking';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ApplicationPatch } from '../../application/repository';
import type { MemberRow } from '../../../db/rows';
import { type PricedMethod, quoteTerms } from '../../loan-terms/quote-terms';
import { commitMove, moved, planMove, requireStatus } from '../../workflow/move';
import { activeApplication } from '../../application/applications';

/** §4: 0 split direct deposit → allotment_needed; 1 auto-debit → auto_debit_needed; 2 pay online → esignature_needed. */
const NEXT: Readonly<Record<RepayMethod, WorkflowStatus>> = {
  split_direct_deposit: 'allotment_needed',
  auto_debit: 'auto_debit_needed',
  online: 'esignature_needed',
};

/** The price list of each choice: paying online is priced as borrower-initiated one-time payments. */
const PRICED_AS: Readonly<Record<RepayMethod, PricedMethod>> = {
  split_direct_deposit: 'split_direct_deposit',
  auto_debit: 'auto_debit',
  online: 'one_times',
};

/**
 * The application's terms re-priced for the chosen method (same amount; split direct deposit carries the
 * program's discount, auto-debit and online payments do not). The terms consent given on the loan-terms
 * page stays: the new figures are disclosed again on the e-signature page before anything is signed.
 */
async function repriced(ctx: AppContext, member: MemberRow, method: RepayMethod): Promise<{ applicationId: number; patch: ApplicationPatch } | null> {
  const application = await activeApplication(ctx, member.id);
  if (!application || application.amountCents === null) return null;
  const { patch } = await quoteTerms(ctx, member.id, application, application.amountCents, PRICED_AS[method]);
  const { termsConsentAt: _at, termsConsentIp: _ip, termsConsentUserAgent: _ua, ...terms } = patch;
  return { applicationId: application.id, patch: terms };
}

/** GET /repay_method_offers: the member's terms (same amount) priced for each method; a method without a price is left out. */
export async function repayMethodOffers(ctx: AppContext, member: MemberRow): Promise<{ offers: TRepayMethodOffer[] }> {
  requireStatus(member, ['select_repay_method']);
  const application = await activeApplication(ctx, member.id);
  if (!application || application.amountCents === null) return { offers: [] };
  const offers: TRepayMethodOffer[] = [];
  for (const method of REPAY_METHODS) {
    try {
      const { terms } = await quoteTerms(ctx, member.id, application, application.amountCents, PRICED_AS[method]);
      offers.push({
        method,
        interest_rate: terms.interest_rate,
        apr: terms.apr,
        payment_per_term: terms.payment_per_term,
        number_of_payments: terms.terms,
        term_frequency: terms.term_frequency,
        total_of_payments: terms.total_of_payments,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { offers };
}

/** POST /select_repay_method: records the choice, prices the terms for it and moves the member to its page, in one transaction. */
export async function selectRepayMethod(ctx: AppContext, member: MemberRow, choice: 0 | 1 | 2) {
  requireStatus(member, ['select_repay_method']);
  const method = REPAY_METHODS[choice];
  const terms = await repriced(ctx, member, method);
  const move = await planMove(ctx, member, NEXT[method]);
  await commitMove(ctx, member, () => ctx.repos.banking.chooseRepayMethod({ userId: member.id, method, at: move.at, terms }, move));
  return moved(move.to);
}
