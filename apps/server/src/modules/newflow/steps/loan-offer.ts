import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { updateActiveApplication } from '../../application/applications';
import { authorizeAutoDebitAndMove, planAutoDebitAuthorization } from '../auto-debit-authorization';
import { toCounterofferNotice } from '../counteroffer-notice';
import { priceNewflowOffers, splitOffersCovered } from '../offers';
import type { NewflowPatch, NewflowRow } from '../repository';
import { saveAndMove, stepNotOpen } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

/** The current rate check's counteroffer notice, when the rate check counteroffered. */
async function counterofferOf(ctx: AppContext, userId: number, nf: NewflowRow | undefined) {
  if (nf?.rateCheckOutcome !== 'counteroffer' || !nf.rateCheckDoneAt) return null;
  const notice = await ctx.repos.newflow.latestNotice(userId, 'counteroffer', nf.rateCheckDoneAt);
  return notice ? toCounterofferNotice(notice) : null;
}

/** loan_offer: the priced offers; choosing one (an auto-debit one is also the ACH debit authorization). */
export const loanOffer = {
  async data({ ctx, member, nf }) {
    const sheet = nf ? await priceNewflowOffers(ctx, member.id, nf) : null;
    return {
      split_direct_deposit: nf?.program === 'split_direct_deposit' && sheet ? splitOffersCovered(sheet, nf).map((o) => o.wire) : [],
      auto_debit: (sheet?.auto_debit ?? []).map((o) => o.wire),
      one_times: (sheet?.one_times ?? []).map((o) => o.wire),
      discount_percentage: sheet?.discountPercentage ?? 0,
      is_split_direct_deposit: nf?.program === 'split_direct_deposit',
      counteroffer: await counterofferOf(ctx, member.id, nf),
    };
  },
  async post({ ctx, member, nf, body, client }) {
    const p = payloadOf('loan_offer', body);
    if (!nf) throw stepNotOpen(member.workflowStatus);
    const sheet = await priceNewflowOffers(ctx, member.id, nf);
    // The split-deposit offers are offered only to an applicant who set up the split (select_program).
    const pool = p.isAutodebit ? [...sheet.auto_debit, ...sheet.one_times] : nf.program === 'split_direct_deposit' ? splitOffersCovered(sheet, nf) : [];
    const chosen = pool.find(
      (o) => o.wire.amount === p.amount && o.wire.fixed_payment_amount === p.payment && (p.terms === undefined || o.wire.terms === p.terms),
    );
    if (!chosen) throw AppError.fields({ payment: [NEWFLOW_MSG.offerNotOffered] });
    // An auto-debit offer is the ACH debit authorization (classic /auto_debit): consent and the verified account first, nothing written otherwise.
    const authorization = chosen.method === 'auto_debit' ? await planAutoDebitAuthorization(ctx, member, p.auto_debit_disclosure_accepted) : null;
    const at = ctx.now();
    await updateActiveApplication(ctx, member.id, chosen.patch, at);
    const patch: NewflowPatch = { chosenOffer: { ...chosen.wire, is_autodebit: p.isAutodebit, method: chosen.method } };
    if (authorization) return moved(await authorizeAutoDebitAndMove(ctx, member, authorization, patch, 'password_creation', client, at));
    return moved(await saveAndMove(ctx, member, patch, 'password_creation'));
  },
} satisfies StepHandlers;
