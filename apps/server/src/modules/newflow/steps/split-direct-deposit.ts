import { MANUAL_SPLIT_AMOUNT_CENTS, NEWFLOW_MSG } from '@payrail/contract/newflow';
import { cents } from '@payrail/domain/money';
import { priceNewflowOffers, splitPaymentCents } from '../offers';
import type { NewflowPatch } from '../repository';
import { storeUpload } from '../uploads';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, payrollSession, storedFile, type StepHandlers, type StepRead } from './shared';
import { splitQualification } from './split-qualification';

/** What both split pages show: qualification, the widget for the loan payment (automatic) or the fixed manual amount, the allotment on file. */
async function splitData({ ctx, member, step, nf, employer, payrolls }: StepRead): Promise<Record<string, unknown>> {
  const q = await splitQualification(ctx, member.id, nf);
  // The automatic split asks the payroll provider for the loan payment (per paycheck); the manual one is the fixed $85.00.
  const payment = step === 'split_direct_deposit' && q.auto && nf ? splitPaymentCents(await priceNewflowOffers(ctx, member.id, nf)) : null;
  const auto = payment !== null;
  return {
    qualified_for_split_direct_deposit: q.qualified,
    allow_split_auto: q.auto,
    error: step === 'split_direct_deposit' ? (q.error ?? (auto ? null : NEWFLOW_MSG.splitPaymentUnknown)) : null,
    payroll_link: auto ? await payrollSession(ctx, member, nf, payment) : null,
    payrolls,
    allocation_amount: payment ?? MANUAL_SPLIT_AMOUNT_CENTS,
    allotment_file: await storedFile(ctx, member.id, nf?.allotmentDocumentId ?? null),
    payroll_portal: employer?.payrollPortalName && employer.payrollPortalUrl ? { name: employer.payrollPortalName, url: employer.payrollPortalUrl } : null,
  };
}

/** split_direct_deposit — "Is the allocation correct?": the payroll provider's split must be in place for the expected amount. */
export const splitDirectDeposit = {
  data: splitData,
  async post({ ctx, member, nf, body }) {
    const p = payloadOf('split_direct_deposit', body);
    if (p.manual || !nf?.payrollAccountId || !nf.payrollUserId) return moved(await saveAndMove(ctx, member, {}, 'split_direct_deposit_manual'));
    const allocation = await ctx.providers.payrollLink
      .getAllocation({ accountId: nf.payrollAccountId, payrollUserId: nf.payrollUserId })
      .catch(() => ({ status: 'none' as const, amountCents: null }));
    // Correct: in place for exactly the loan payment the widget was given (recorded when its session opened).
    const correct = allocation.status === 'set' && nf.allocationRequestedCents !== null && allocation.amountCents === nf.allocationRequestedCents;
    const patch: NewflowPatch = {
      allocationStatus: allocation.status,
      allocationAmountCents: allocation.amountCents === null ? null : cents(allocation.amountCents),
    };
    if (correct) return moved(await saveAndMove(ctx, member, patch, 'verify_bank_account', 'borrower'));
    return moved(await saveAndMove(ctx, member, patch, 'split_direct_deposit_manual'));
  },
} satisfies StepHandlers;

/** split_direct_deposit_manual: the allotment form the employer signed. */
export const splitDirectDepositManual = {
  data: splitData,
  async post({ ctx, member, body }) {
    const doc = await storeUpload(ctx, member.id, 'allotment', payloadOf('split_direct_deposit_manual', body).loan_borrower.allotment, 'allotment');
    return moved(
      await saveAndMove(
        ctx,
        member,
        { allotmentDocumentId: doc.id, allocationAmountCents: cents(MANUAL_SPLIT_AMOUNT_CENTS), allocationStatus: 'manual' },
        'verify_bank_account',
      ),
    );
  },
} satisfies StepHandlers;
