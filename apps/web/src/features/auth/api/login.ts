import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session-store';
import { trackingQuery } from '../../../lib/tracking';

/**
 * POST {auth}/login with the tracking parameters as query. Global handling is off: here a 401 means a
 * wrong password, an unconfirmed e-mail or an unknown social identity, not an expired session. The
 * answer's schema loads with the request, not with the sign-in page (docs/architecture.md).
 */
export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return apiClient.post('/login', body, {
    base: 'auth',
    auth: false,
    globalErrors: false,
    query: trackingQuery(),
    schema: import('@payrail/contract/identity').then((contract) => contract.ZLoginResponse),
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** The account the client keeps after a sign-in. */
export function sessionUserFromLogin({ data }: TLoginResponse): SessionUser {
  return {
    id: data.id,
    email: data.email,
    workflow_status: data.workflow_status,
    loan_type: data.loan_type,
    feedback_rating: data.feedback_rating,
    refinancing: data.refinancing,
    new_flow: data.new_flow,
    avatar: data.avatar ?? null,
    first_name: data.loan_borrower.first_name,
    last_name: data.loan_borrower.last_name,
  };
}
