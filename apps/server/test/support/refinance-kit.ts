/**
 * A borrower's refinance taken from its start to the underwriter's approval, through the real API: POST /refinance
 * on the opened loan, the smallest amount offered chosen, the terms consented to, the documents uploaded, the
 * application sent for review, moved to its e-signature by the underwriter, the note signed, approved. What is left
 * is the servicer's funding. The borrower must already be eligible (enough of the note repaid).
 */
import type { TLoanTerms } from '@payrail/contract/application';
import { expect } from 'vitest';
import { get, post, uploadDocument } from '../application-helpers';
import { auth, call } from '../identity-helpers';
import type { FundedBorrower } from '../servicing-helpers';
import type { TestApp } from '../test-app';

/** Signs and approves `who`'s refinance of their opened loan; answers the terms chosen (the smallest amount offered). */
export async function signedRefinance(app: TestApp, who: FundedBorrower, underwriterToken: string): Promise<TLoanTerms> {
  const started = await post(app, who.token, '/api/refinance', { loan_id: who.loan.id });
  expect(started.statusCode, started.body).toBe(200);
  const terms = (await get(app, who.token, '/api/loan')).json<TLoanTerms>();
  const chosen = (await get(app, who.token, `/api/loan?amount=${terms.amount_options[0]!}`)).json<TLoanTerms>();
  expect((await get(app, who.token, '/api/associate_terms_consent')).statusCode).toBe(200);
  expect((await post(app, who.token, '/api/workflow/next_status', { current_status: 'refinancing_loan_terms' })).statusCode).toBe(200);
  await uploadDocument(app, who.token, 'pay_stub');
  await uploadDocument(app, who.token, 'allotment');
  const submitted = await post(app, who.token, '/api/workflow/change_status', { new_status: 'ready_for_review' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const moved = await call(app, {
    method: 'POST',
    url: `/api/backoffice/applications/${who.id}/status`,
    headers: auth(underwriterToken),
    payload: { new_status: 'refinancing_esignature' },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const signed = await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
  expect(signed.statusCode, signed.body).toBe(200);
  const approved = await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(underwriterToken) });
  expect(approved.statusCode, approved.body).toBe(200);
  return chosen;
}
