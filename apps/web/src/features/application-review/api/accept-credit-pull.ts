import { apiClient } from '../../../lib/api-client';

/**
 * POST {flow}/borrower_agreement_documents?agreement=credit_pull_authorization: records the borrower's
 * credit pull authorization (classic §5 consents) before the review, which runs the credit check.
 */
export function acceptCreditPull(): Promise<unknown> {
  return apiClient.post('/borrower_agreement_documents', undefined, { base: 'flow', query: { agreement: 'credit_pull_authorization' } });
}
