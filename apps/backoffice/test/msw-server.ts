import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Matches a back-office path on any origin, e.g. bo('/login') → *\/api/backoffice/login. */
export const bo = (path: string) => `*/api/backoffice${path}`;
/** Matches a public API path, e.g. api('/states') → *\/api/states. */
export const api = (path: string) => `*/api${path}`;

const classicEvidence = {
  new_flow: false,
  loan_request: { amount: null, payment_frequency: null, loan_purpose_name: null, fixed_payment_amount: null },
  rate_check: { state: 'not_started', outcome: null, approved_amount: null, adverse_action_reasons: [] },
  program: null,
  payroll: { account_id: null, employer: null, connected_at: null, allocation_requested: null, allocation_amount: null, allocation_status: null },
  manual_split: { amount: 8500, document_id: null },
  pay_stub_document_id: null,
  proof_of_address: null,
  chosen_offer: null,
};

/** Reference data every signed-in page may ask for; tests override what they check. */
export const defaultHandlers = [
  http.get(api('/states'), () => HttpResponse.json([])),
  http.get(api('/employers'), () => HttpResponse.json([])),
  http.get(bo('/applications'), () => HttpResponse.json({ items: [], page: 1, per_page: 25, total: 0 })),
  // A classic application has no new-flow evidence; the new-flow tests serve their own.
  http.get(bo('/applications/:userId/newflow'), () => HttpResponse.json(classicEvidence)),
  // The Employers page (issue #31): no employer until a test serves some.
  http.get(bo('/employers'), () => HttpResponse.json({ employers: [] })),
  // An application has no employment verification until a test serves one (issue #31).
  http.get(bo('/applications/:userId/employment_verification'), ({ params }) => HttpResponse.json({ user_id: Number(params.userId), verifications: [] })),
  // No employee change reported (the employer page's section, issue #31) until a test serves some.
  http.get(bo('/employee_changes'), () => HttpResponse.json({ changes: [] })),
  // An employer's remittances and verifications (its page's sections) are empty until a test serves some.
  http.get(bo('/employers/:id/remittances'), ({ params }) => HttpResponse.json({ employer_id: Number(params.id), remittances: [] })),
  http.get(bo('/employers/:id/verifications'), ({ params }) => HttpResponse.json({ employer_id: Number(params.id), verifications: [] })),
  // The servicing desk's released referral payouts (issue #30): none until a test serves some.
  http.get(bo('/referral_payouts/released'), () => HttpResponse.json({ payouts: [] })),
];

export const server = setupServer(...defaultHandlers);
