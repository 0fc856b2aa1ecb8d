import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TBorrowerPaymentPlan, TPaymentPlanQuote } from '@payrail/contract/payment-plan';
import { PAYMENT_PLAN_AGREEMENT, PAYMENT_PLAN_API_MSG } from '@payrail/contract/payment-plan';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { signAfterRefusals } from '../../../test/agreement-signing';

const quote: TPaymentPlanQuote = {
  kind: 're_amortize',
  effective_date: '2031-03-20',
  annual_rate_percent: '9.5',
  installments: 2,
  principal: 200_000,
  arrears: 3_000,
  fees_waived: 1_500,
  level_payment: 101_191,
  amount_financed: 203_000,
  finance_charge: 2_382,
  total_of_payments: 205_382,
  apr: '7.9812',
  rows: [
    { n: 3, due_date: '2031-04-10', payment: 102_691, principal: 99_608, interest: 1_583, arrears: 1_500, fees: 0, balance: 100_392 },
    { n: 4, due_date: '2031-05-10', payment: 102_691, principal: 100_392, interest: 799, arrears: 1_500, fees: 0, balance: 0 },
  ],
  before: {
    payment_per_term: 51_000,
    days_past_due: 46,
    past_due: 102_000,
    payoff: 204_500,
    remaining_installments: 6,
    maturity_date: '2031-07-02',
    annual_rate_percent: '12',
  },
};
const proposed: TBorrowerPaymentPlan = {
  id: 31,
  loan_id: 7,
  loan_identifier: '1234-56-7890',
  status: 'proposed',
  proposed_on: '2031-03-20',
  expires_on: '2031-03-27',
  quote,
  refusal: null,
  agreement: { version: PAYMENT_PLAN_AGREEMENT.version, paragraphs: [...PAYMENT_PLAN_AGREEMENT.paragraphs] },
  signature_name: null,
  signed_at: null,
  document: null,
};
const accepted: TBorrowerPaymentPlan = {
  ...proposed,
  status: 'accepted',
  signature_name: 'Ana Lopez',
  signed_at: '2031-03-20T12:00:00.000Z',
  document: { id: 31, file_name: 'payment-plan-1234-56-7890-31-signed.pdf', file_url: '/api/loans/payment_plans/31/pdf' },
};

describe('payment plan page', { timeout: 20_000 }, () => {
  it('shows the disclosure and schedule, checks the signature, signs and moves focus to the plan in force', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    const posts: unknown[] = [];
    let plans = [proposed];
    server.use(
      http.get(api('/dashboard/loans/7/payment_plans'), () => HttpResponse.json({ plans })),
      http.post(api('/dashboard/payment_plans/31/sign'), async ({ request }) => {
        const body = (await request.json()) as { signature_name: string };
        posts.push(body);
        if (body.signature_name !== 'Ana Lopez') return HttpResponse.json({ errors: { signature_name: [PAYMENT_PLAN_API_MSG.nameMismatch] } }, { status: 422 });
        plans = [accepted];
        return HttpResponse.json(accepted);
      }),
    );
    renderRoute('/dashboard/loans/7/payment-plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment plan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Review and sign your payment plan' })).toBeInTheDocument();
    const box = screen.getByRole('definition', { name: (_, el) => el.textContent === '7.9812%' });
    expect(box).toBeInTheDocument();
    expect(screen.getByText('$2,053.82')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your payment schedule with the plan' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('$1,026.91')).toHaveLength(2);
    expect(screen.getByText(PAYMENT_PLAN_AGREEMENT.paragraphs[0])).toBeInTheDocument();

    await signAfterRefusals({
      button: 'Sign the payment plan',
      consent: 'I agree to this payment plan and to sign it electronically.',
      consentRequired: 'Please confirm that you agree to the payment plan.',
      nameMismatch: PAYMENT_PLAN_API_MSG.nameMismatch,
      posts,
    });
    const done = await screen.findByRole('heading', { name: 'Your payment plan is in force' });
    expect(done).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Download the signed agreement (PDF)' })).toBeInTheDocument();
    expect(posts[1]).toEqual({ signature_name: 'Ana Lopez', agree: true, as_of: '2031-03-20' });
  });

  it('a plan that can no longer be signed shows why, and no form', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    server.use(
      http.get(api('/dashboard/loans/7/payment_plans'), () =>
        HttpResponse.json({ plans: [{ ...proposed, quote: null, refusal: PAYMENT_PLAN_API_MSG.moved }] }),
      ),
    );
    renderRoute('/dashboard/loans/7/payment-plan');
    expect(await screen.findByText(PAYMENT_PLAN_API_MSG.moved)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the payment plan' })).toBeNull();
  });
});
