import { MANUAL_SPLIT_AMOUNT_CENTS, type TLoanOffer, type TNewflowEvidence } from '@payrail/contract/newflow';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findMember } from '../../identity/members';

/**
 * GET /api/backoffice/applications/{userId}/newflow: what a reviewer checks on a new-flow application
 * besides the classic detail — the loan asked for, the rate check and its reasons, the program, the
 * payroll connection and split allocation (or the manual split's screenshot), the pay stub, the proof
 * of address as the applicant stated it (date, address) next to its file, and the offer chosen.
 */
export async function getNewflowEvidence(ctx: AppContext, userId: number): Promise<TNewflowEvidence> {
  const member = await findMember(ctx, userId);
  if (!member) throw AppError.notFound('Application not found.');
  const nf = await ctx.repos.newflow.find(userId);
  const offer = nf?.chosenOffer as (TLoanOffer & { is_autodebit: boolean }) | null | undefined;
  return {
    new_flow: member.newFlow,
    loan_request: {
      amount: nf?.loanAmountCents ?? null,
      payment_frequency: nf?.paymentFrequency ?? null,
      loan_purpose_name: nf?.loanPurposeName ?? null,
      fixed_payment_amount: nf?.fixedPaymentAmountCents ?? null,
    },
    rate_check: {
      state: nf?.rateCheckState === 'running' ? 'pending' : (nf?.rateCheckState ?? 'not_started'),
      outcome: nf?.rateCheckOutcome ?? null,
      approved_amount: nf?.rateCheckApprovedCents ?? null,
      adverse_action_reasons: nf?.rateCheckReasons ?? [],
    },
    program: nf?.program ?? null,
    payroll: {
      account_id: nf?.payrollAccountId ? `…${nf.payrollAccountId.slice(-8)}` : null,
      employer: nf?.payrollEmployer ?? null,
      connected_at: nf?.payrollConnectedAt?.toISOString() ?? null,
      allocation_requested: nf?.allocationRequestedCents ?? null,
      allocation_amount: nf?.allocationAmountCents ?? null,
      allocation_status: nf?.allocationStatus ?? null,
    },
    manual_split: { amount: MANUAL_SPLIT_AMOUNT_CENTS, document_id: nf?.allotmentDocumentId ?? null },
    pay_stub_document_id: nf?.payStubDocumentId ?? null,
    proof_of_address: nf?.proofStatementDate
      ? { statement_date: nf.proofStatementDate, address: nf.proofAddress ?? '', zip_code: nf.proofZip ?? '', document_id: nf.proofDocumentId ?? null }
      : null,
    chosen_offer: offer ? { ...offer, is_autodebit: Boolean(offer.is_autodebit) } : null,
  };
}
