import type { TLoginResponse, TTokenIsValidResponse } from '@payrail/contract/identity';
import type { MemberRow } from '../../db/rows';
import type { BorrowerRow } from './repository';

/** `data` of POST /login. */
export function toLoginData(member: MemberRow, borrower: BorrowerRow | undefined): TLoginResponse['data'] {
  return {
    id: member.id,
    email: member.email,
    workflow_status: member.workflowStatus,
    loan_type: member.loanType,
    feedback_rating: member.feedbackRating,
    refinancing: member.refinancing,
    new_flow: member.newFlow,
    avatar: member.avatar,
    loan_borrower: {
      first_name: borrower?.firstName ?? null,
      last_name: borrower?.lastName ?? null,
      employer_id: borrower?.employerId ?? null,
      refer_code: borrower?.referCode ?? null,
      referred_by: borrower?.referredBy ?? null,
      state_id: borrower?.stateId ?? null,
    },
  };
}

/**
 * GET /token_is_valid. `paidOff`: the member's latest loan is closed_paid (servicing decides); `hasLoan`:
 * the member has a loan at all; `eligibleForRefinance`: the refinance rules of newflow §5 (modules/refinance).
 */
export function toSessionInfo(
  member: MemberRow,
  borrower: BorrowerRow | undefined,
  { paidOff = false, hasLoan = false, eligibleForRefinance = false }: { paidOff?: boolean; hasLoan?: boolean; eligibleForRefinance?: boolean } = {},
): TTokenIsValidResponse {
  return {
    id: member.id,
    email: member.email,
    workflow_status: member.workflowStatus,
    eligible_for_refinance: eligibleForRefinance,
    paid_off: paidOff,
    has_loan: hasLoan,
    loan_type: member.loanType,
    refinancing: member.refinancing,
    new_flow: member.newFlow,
    feedback_rating: member.feedbackRating,
    not_qualified_reason: member.notQualifiedReason,
    has_nelnet: member.hasNelnet,
    has_jack_henry: member.hasJackHenry,
    avatar: member.avatar,
    phone: borrower?.phone ?? null,
    phone_confirmed: borrower?.phoneConfirmedAt != null,
    email_confirmed: member.confirmedAt != null,
    loan_borrower: {
      nelnet_id: member.nelnetId,
      first_name: borrower?.firstName ?? null,
      last_name: borrower?.lastName ?? null,
      refer_code: borrower?.referCode ?? null,
      referred_by: borrower?.referredBy ?? null,
      state_id: borrower?.stateId ?? null,
      employer_id: borrower?.employerId ?? null,
    },
  };
}
