import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TWhatIfResponse } from '@payrail/contract/borrower-tools';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import { MONEY_INPUT_MSG } from '@payrail/client/money-input';
import { signInAs } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';
import { servicingHandlers, servicingLoan } from '../../../../test/servicing-fixtures';
import { whatIfBaseline } from '../../../../test/what-if-fixtures';

const answer: TWhatIfResponse = {
  loan_id: 41,
  as_of: '2028-01-03',
  payment_per_term: 34002,
  baseline: whatIfBaseline,
  scenario: {
    payoff_date: '2028-03-03',
    interest: 1270,
    total_paid: 101270,
    installments: 2,
    points: [
      { date: '2028-01-03', principal: 100000 },
      { date: '2028-02-03', principal: 26998 },
      { date: '2028-03-03', principal: 0 },
    ],
  },
  interest_saved: 737,
  days_sooner: 31,
  installments_fewer: 1,
};

/**
 * A signed-in borrower on Loans & Payments (the payoff letter failing, out of the way), the simulator answering
 * `answer`, and the payment request accepted as `mode`: returns the loan and the simulate and payment bodies, in order.
 */
function simulatorWorld(mode: 'one_time' | 'auto_debit') {
  signInAs({ workflow_status: 'approved', feedback_rating: true });
  const { loan } = servicingHandlers({ businessDate: '2028-01-03' });
  const simulated: unknown[] = [];
  const scheduled: { body: unknown; key: string | null }[] = [];
  server.use(
    http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({}, { status: 500 })),
    http.post(api('/loans/:id/what_if'), async ({ request }) => {
      simulated.push(await request.json());
      return HttpResponse.json(answer);
    }),
    http.post(api('/request_payment'), async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      scheduled.push({ body, key: request.headers.get('idempotency-key') });
      return HttpResponse.json({
        ok: true,
        message: 'Your payment has been sent successfully.',
        transaction: {
          id: scheduled.length,
          transaction_status: 'scheduled',
          due_date: '2028-02-03',
          amount: body.amount,
          pay_method: 'ach',
          transaction_mode: mode,
        },
      });
    }),
  );
  return { loan, simulated, scheduled };
}

describe('what-if simulator on Loans & Payments', { timeout: 20_000 }, () => {
  it('simulates, says what changes, gives the chart data as a table, and schedules the one-time payment once', async () => {
    const { simulated, scheduled } = simulatorWorld('one_time');
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'What if I pay more?' });
    const form = within(region).getByRole('form', { name: 'What-if simulator' });
    // Dollars, as people type them: "400" is $400.00 (more than 2 decimals is refused first).
    const once = within(form).getByRole('textbox', { name: /Extra one-time payment/ });
    await userEvent.type(once, '400.001');
    await userEvent.click(within(form).getByRole('button', { name: 'Simulate' }));
    expect(await within(form).findByText(MONEY_INPUT_MSG.tooManyDecimals)).toBeInTheDocument();
    expect(simulated).toEqual([]);
    await userEvent.clear(once);
    await userEvent.type(once, '400');
    await userEvent.clear(within(form).getByLabelText('Date of the extra payment'));
    await userEvent.type(within(form).getByLabelText('Date of the extra payment'), '2028-02-03');
    await userEvent.click(within(form).getByRole('button', { name: 'Simulate' }));
    expect(
      await within(region).findByText(/paid off on 03\/03\/2028 instead of 04\/03\/2028 — 1 payment fewer — and you would save \$7\.37 in interest/),
    ).toBeInTheDocument();
    expect(simulated).toEqual([{ one_time: [{ date: '2028-02-03', amount: 40000 }], recurring: null }]);
    const table = within(region).getByRole('table', { name: 'Principal left by date, now and with the extra' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DateNowWith the extra', '01/03/2028$1,000.00$1,000.00', '02/03/2028$669.98$269.98', '03/03/2028$336.66$0.00', '04/03/2028$0.00$0.00']);
    await userEvent.click(within(region).getByRole('button', { name: 'Schedule the $400.00 payment on 02/03/2028' }));
    await waitFor(() => expect(scheduled).toHaveLength(1));
    expect(scheduled[0]!.body).toEqual({
      method: 'ach',
      mode: 'one_time',
      loan_id: expect.any(Number),
      amount: 40000,
      scheduling: { instant: false, date: '2028-02-03' },
    });
    expect(scheduled[0]!.key).toMatch(/.{8,}/);
    expect(await screen.findByText('Your payment has been sent successfully.')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole('button', { name: /Schedule the \$400\.00 payment/ })).toBeDisabled());
  });

  it('an extra with every payment is set up as an auto-debit of the installment plus the extra, once the disclosure is accepted', async () => {
    const { loan, scheduled } = simulatorWorld('auto_debit');
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'What if I pay more?' });
    await userEvent.type(within(region).getByRole('textbox', { name: /Extra with every payment/ }), '50');
    await userEvent.click(within(region).getByRole('button', { name: 'Simulate' }));
    const total = loan!.payment_per_term + 5000;
    const button = await within(region).findByRole('button', { name: /^Set up auto-debit of \$/ });
    await userEvent.click(button);
    expect(await within(region).findByText(PAYMENT_MSG.disclosureRequired)).toBeInTheDocument();
    expect(scheduled).toEqual([]);
    await userEvent.click(within(region).getByRole('checkbox', { name: 'I have read and accept the Auto Debit Disclosure.' }));
    await userEvent.click(button);
    await waitFor(() =>
      expect(scheduled.map((call) => call.body)).toEqual([{ method: 'ach', mode: 'auto_debit', loan_id: loan!.id, amount: total, disclosure_accepted: true }]),
    );
  });

  it('a loan that starts after the business date: the extra payment’s date starts at the loan’s first day', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2028-01-03', loan: servicingLoan({ effective_date: '2028-01-10' }) });
    server.use(http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({}, { status: 500 })));
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'What if I pay more?' });
    const date = within(region).getByLabelText('Date of the extra payment');
    expect(date).toHaveValue('2028-01-10');
    expect(date).toHaveAttribute('min', '2028-01-10');
  });

  it('shows every message of a 422', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2028-01-03' });
    server.use(
      http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({}, { status: 500 })),
      http.post(api('/loans/:id/what_if'), () =>
        HttpResponse.json({ error: 'x', error_messages: ['Enter an extra one-time payment or an extra amount with every payment.'] }, { status: 422 }),
      ),
    );
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'What if I pay more?' });
    await userEvent.click(within(region).getByRole('button', { name: 'Simulate' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Enter an extra one-time payment or an extra amount with every payment.');
  });

  it('each extra is checked by its schema (the message under that field, nothing sent); an empty extra is none; dollars go out as cents', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2028-01-03' });
    const simulated: unknown[] = [];
    server.use(
      http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({}, { status: 500 })),
      http.post(api('/loans/:id/what_if'), async ({ request }) => {
        simulated.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'What if I pay more?' });
    const form = within(region).getByRole('form', { name: 'What-if simulator' });
    const every = within(form).getByRole('textbox', { name: /Extra with every payment/ });
    await userEvent.type(every, '12,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Simulate' }));
    expect(await within(form).findByText(MONEY_INPUT_MSG.invalid)).toBeInTheDocument();
    expect(every).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: /Extra one-time payment/ })).not.toHaveAttribute('aria-invalid');
    expect(simulated).toEqual([]);
    await userEvent.clear(every);
    await userEvent.type(every, '$1,012.05');
    await userEvent.click(within(form).getByRole('button', { name: 'Simulate' }));
    await waitFor(() => expect(simulated).toEqual([{ one_time: [], recurring: { amount: 101_205 } }]));
  });
});
