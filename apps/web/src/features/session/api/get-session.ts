import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTokenIsValidResponse } from '@payrail/contract/shell-reads';
import { apiClient } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from './session-query-key';
import type { SessionUser } from '../../../lib/session-store';

/** Status screens poll the session check this often (spec §4/§9: 5000 ms). */
export const SESSION_POLL_MS = 5000;

/**
 * GET {auth}/token_is_valid: the session check of every protected page. Global handling stays on, so an
 * expired session (401) warns and goes to /signin like any other call. The answer's schema loads with the
 * request (docs/architecture.md, "The dashboard's first load").
 */
export function getSession(): Promise<TTokenIsValidResponse> {
  return apiClient.get('/token_is_valid', {
    base: 'auth',
    schema: import('@payrail/contract/shell-reads').then((contract) => contract.ZTokenIsValidResponse),
  });
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
