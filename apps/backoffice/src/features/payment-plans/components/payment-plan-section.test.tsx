import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TLoanPaymentPlans, TPaymentPlan, TPaymentPlanQuote } from '@payrail/contract/payment-plan';
import { loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

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
const page = (plans: TPaymentPlan[] = []): TLoanPaymentPlans => ({
  loan_id: 900,
  loan_identifier: '2026-11-0042',
  business_date: '2031-03-20',
  refusal: null,
  rate_in_force: '12',
  policy: { expiry_days: 7, first_due_min_days: 7, first_due_max_days: 45, min_installments: 1, max_installments: 60 },
  plans,
});
const proposed: TPaymentPlan = {
  id: 31,
  loan_id: 900,
  status: 'proposed',
  kind: 're_amortize',
  installments: 2,
  annual_rate_percent: '9.5',
  first_due_date: '2031-04-10',
  reason: 'Lost overtime hours in February.',
  proposed_on: '2031-03-20',
  expires_on: '2031-03-27',
  proposed_by: 'Sam Servicer',
  proposed_quote: quote,
  accepted_quote: null,
  effective_date: null,
  signature_name: null,
  signed_at: null,
  ip: null,
  withdrawn_reason: null,
  document: null,
};

describe('payment plan section on the loan page', { timeout: 30_000 }, () => {
  it('a servicer previews the revised schedule and its disclosure, then proposes it', async () => {
    signInAs('servicer');
    const previews: unknown[] = [];
    const proposals: unknown[] = [];
    let plans: TPaymentPlan[] = [];
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/payment_plans'), () => HttpResponse.json(page(plans))),
      http.post(bo('/loans/900/payment_plans/preview'), async ({ request }) => {
        const body = (await request.json()) as { first_due_date?: string };
        previews.push(body);
        if (!body.first_due_date)
          return HttpResponse.json({ errors: { first_due_date: ['The first due date must be 7 to 45 days after the proposal.'] } }, { status: 422 });
        return HttpResponse.json(quote);
      }),
      http.post(bo('/loans/900/payment_plans'), async ({ request }) => {
        proposals.push(await request.json());
        plans = [proposed];
        return HttpResponse.json(proposed, { status: 201 });
      }),
    );
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Payment plan' }, { timeout: 10_000 });
    expect(await within(section).findByText('No payment plan was proposed for this loan.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const count = within(section).getByLabelText('Number of payments');
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    const rate = within(section).getByLabelText('Interest rate (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '9.5');
    // Without a first due date the server's field error shows by the field.
    await userEvent.click(within(section).getByRole('button', { name: 'Preview the plan' }));
    expect(await within(section).findByText('The first due date must be 7 to 45 days after the proposal.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Propose to the borrower' })).toBeDisabled();
    await userEvent.type(within(section).getByLabelText('First due date'), '2031-04-10');
    await userEvent.click(within(section).getByRole('button', { name: 'Preview the plan' }));
    const schedule = await within(section).findByRole('table', { name: 'Revised schedule if signed today' });
    expect(within(schedule).getAllByRole('row')).toHaveLength(3);
    expect(within(schedule).getAllByText('$1,026.91')).toHaveLength(2);
    expect(within(section).getByText('$2,053.82')).toBeInTheDocument(); // total of payments
    expect(within(section).getByText('$23.82')).toBeInTheDocument(); // finance charge
    await userEvent.type(within(section).getByLabelText('Why the plan is offered (kept on file)'), 'Lost overtime hours in February.');
    await userEvent.click(within(section).getByRole('button', { name: 'Propose to the borrower' }));
    await waitFor(() =>
      expect(proposals).toEqual([
        { kind: 're_amortize', installments: 2, annual_rate_percent: '9.5', first_due_date: '2031-04-10', reason: 'Lost overtime hours in February.' },
      ]),
    );
    const table = await within(section).findByRole('table', { name: 'Payment plans of this loan' });
    expect(await within(table).findByText('Waiting for the borrower’s signature')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(previews).toHaveLength(2);
  });

  it('an underwriter reads the plans but has neither the form nor the withdraw action', async () => {
    signInAs('underwriter');
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/payment_plans'), () => HttpResponse.json(page([proposed]))),
    );
    renderRoute('/loans/900');
    const section = await screen.findByRole('region', { name: 'Payment plan' }, { timeout: 10_000 });
    expect(await within(section).findByText('Waiting for the borrower’s signature')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Preview the plan' })).toBeNull();
  });
});
