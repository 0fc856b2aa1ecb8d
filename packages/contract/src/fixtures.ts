/**
 * Sample wire answers for tests (the web app's mocks, the contract's own schema tests): one place, so a
 * field added to a schema is added to the samples once.
 */
import type { TTokenIsValidResponse } from './identity';

/** A GET /token_is_valid answer of a signed-in borrower; override what the test is about. */
export function sessionAnswerFixture(overrides: Partial<TTokenIsValidResponse> = {}): TTokenIsValidResponse {
  return {
    id: 7,
    email: 'ana@example.com',
    workflow_status: 'about_yourself',
    eligible_for_refinance: false,
    paid_off: false,
    has_loan: false,
    loan_type: 'new',
    refinancing: false,
    new_flow: false,
    feedback_rating: false,
    not_qualified_reason: null,
    has_nelnet: false,
    has_jack_henry: false,
    avatar: null,
    phone: null,
    phone_confirmed: false,
    email_confirmed: true,
    loan_borrower: { nelnet_id: null, first_name: 'Ana', last_name: 'Lima', refer_code: 'ANA1234', referred_by: null, state_id: 8, employer_id: null },
    ...overrides,
  };
}
