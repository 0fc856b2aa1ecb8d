import { http, HttpResponse } from 'msw';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import { sessionStore } from '../src/lib/session-store';
import { signInAs } from './fixtures';
import { api } from './msw-server';

/** Where the new flow's steps live. */
export const NF = '/application/newflow';

/** Signed in at a new-flow status (the session's `new_flow` set). */
export function atNewflowStep(status: TWorkflowStatus) {
  signInAs({ workflow_status: status });
  sessionStore.updateUser({ new_flow: true });
}

/** GET of a step: its `data`, for Ana Lima, still at that step; `base` overrides the envelope. */
export function stepGet(step: string, data: unknown, base: Record<string, unknown> = {}) {
  return http.get(api(`/applicationflow/application_step/${step}`), () =>
    HttpResponse.json({
      workflow_status_key: step,
      current_status: step,
      new_status: null,
      finalized_application: false,
      first_name: 'Ana',
      last_name: 'Lima',
      reapply_date: null,
      data,
      ...base,
    }),
  );
}

/** One offer of loan_offer: 12 months bi-weekly (26 payments), $300.00 of finance charge. */
export const loanOffer = (amount: number, payment: number) => ({
  fixed_payment_amount: payment,
  term_frequency: 'biweekly',
  terms_in_months: 12,
  terms: 26,
  interest_rate: '19.99',
  apr: '24.50',
  fee_amount: 2500,
  amount,
  finance_charge: 30000,
  total_of_payments: amount + 30000,
  special: false,
});
