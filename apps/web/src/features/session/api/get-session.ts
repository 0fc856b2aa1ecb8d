import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTokenIsValidResponse } from '@payrail/contract/shell-reads';
import type { ResponseSchema } from '@payrail/client/http-client';
import { LOAN_TYPES } from '@payrail/domain/loan/statuses';
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { apiClient } from '../../../lib/api-client';
import { boolean, integer, nullableInteger, nullableString, oneOf, record, string } from '../../../lib/wire-check';
import { SESSION_QUERY_KEY } from './session-query-key';
import type { SessionUser } from '../../../lib/session-store';

/** Status screens poll the session check this often (spec §4/§9: 5000 ms). */
export const SESSION_POLL_MS = 5000;

/**
 * The contract's `ZTokenIsValidResponse`, checked by hand (wire-check.ts): every protected page waits for
 * this answer before it draws, and with zod's schema it also waited for zod's chunk, the last and largest
 * of the dashboard's downloads, and its evaluation (docs/architecture.md, "The dashboard's first load").
 */
export const tokenIsValidSchema: ResponseSchema<TTokenIsValidResponse> = {
  parse(data) {
    const answer = record(data, 'session');
    const borrower = record(answer.loan_borrower, 'session.loan_borrower');
    return {
      id: integer(answer.id, 'session.id'),
      email: string(answer.email, 'session.email'),
      workflow_status: oneOf(answer.workflow_status, WORKFLOW_STATUSES, 'session.workflow_status'),
      eligible_for_refinance: boolean(answer.eligible_for_refinance, 'session.eligible_for_refinance'),
      paid_off: boolean(answer.paid_off, 'session.paid_off'),
      has_loan: boolean(answer.has_loan, 'session.has_loan'),
      loan_type: oneOf(answer.loan_type, LOAN_TYPES, 'session.loan_type'),
      refinancing: boolean(answer.refinancing, 'session.refinancing'),
      new_flow: boolean(answer.new_flow, 'session.new_flow'),
      feedback_rating: boolean(answer.feedback_rating, 'session.feedback_rating'),
      not_qualified_reason: nullableString(answer.not_qualified_reason, 'session.not_qualified_reason'),
      has_nelnet: boolean(answer.has_nelnet, 'session.has_nelnet'),
      has_jack_henry: boolean(answer.has_jack_henry, 'session.has_jack_henry'),
      avatar: nullableString(answer.avatar, 'session.avatar'),
      phone: nullableString(answer.phone, 'session.phone'),
      phone_confirmed: boolean(answer.phone_confirmed, 'session.phone_confirmed'),
      email_confirmed: boolean(answer.email_confirmed, 'session.email_confirmed'),
      loan_borrower: {
        nelnet_id: nullableString(borrower.nelnet_id, 'session.loan_borrower.nelnet_id'),
        first_name: nullableString(borrower.first_name, 'session.loan_borrower.first_name'),
        last_name: nullableString(borrower.last_name, 'session.loan_borrower.last_name'),
        refer_code: nullableString(borrower.refer_code, 'session.loan_borrower.refer_code'),
        referred_by: nullableString(borrower.referred_by, 'session.loan_borrower.referred_by'),
        state_id: nullableInteger(borrower.state_id, 'session.loan_borrower.state_id'),
        employer_id: nullableInteger(borrower.employer_id, 'session.loan_borrower.employer_id'),
      },
    };
  },
};

/**
 * GET {auth}/token_is_valid: the session check of every protected page. Global handling stays on, so an
 * expired session (401) warns and goes to /signin like any other call.
 */
export function getSession(): Promise<TTokenIsValidResponse> {
  return apiClient.get('/token_is_valid', { base: 'auth', schema: tokenIsValidSchema });
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getSession,
    staleTime: 0,
    retry: false,
  });

export function useSessionQuery(options: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({ ...sessionQueryOptions(), refetchInterval: options.poll ? SESSION_POLL_MS : false, enabled: options.enabled ?? true });
}

/** The account as the client keeps it, from the session check. */
export function sessionUserFrom(session: TTokenIsValidResponse): SessionUser {
  return {
    id: session.id,
    email: session.email,
    workflow_status: session.workflow_status,
    loan_type: session.loan_type,
    feedback_rating: session.feedback_rating,
    refinancing: session.refinancing,
    new_flow: session.new_flow,
    avatar: session.avatar,
    first_name: session.loan_borrower.first_name,
    last_name: session.loan_borrower.last_name,
    phone: session.phone,
    phone_confirmed: session.phone_confirmed,
    email_confirmed: session.email_confirmed,
    has_jack_henry: session.has_jack_henry,
    has_nelnet: session.has_nelnet,
    eligible_for_refinance: session.eligible_for_refinance,
    paid_off: session.paid_off,
    has_loan: session.has_loan,
    not_qualified_reason: session.not_qualified_reason,
  };
}
