import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { MONEY_INPUT_MSG } from '@payrail/client/money-input';
import { signInAs } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { scheduled, servicingHandlers, servicingLoan } from '../../../../test/servicing-fixtures';
import { PaymentsPage } from './payments-page';

const BUSINESS_DATE = '2031-05-20';

/** One saved card, and every card charge recorded (body and Idempotency-Key). */
function cardWorld() {
  signInAs({ workflow_status: 'approved', feedback_rating: true, has_jack_henry: true });
  servicingHandlers({ businessDate: BUSINESS_DATE });
  const pulls: { body: unknown; key: string | null }[] = [];
  server.use(
    http.get(api('/get_debit_cards'), () => HttpResponse.json({ ok: true, cards: [{ id: 7, last4: '4242', brand: 'Visa' }] })),
    http.get(api('/get_debit_transactions'), () => HttpResponse.json({ ok: true, transactions: [] })),
    http.post(api('/create_pull_transaction'), async ({ request }) => {
      pulls.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return HttpResponse.json({
        ok: true,
        message: PAYMENT_MSG.sent,
        transaction: scheduled({ id: 91, amount: 125_050, pay_method: 'debitcard', transaction_status: 'settled', due_date: BUSINESS_DATE }),
        card: { id: 7, last4: '4242' },
        charge_id: 'ch_sandbox_1',
      });
    }),
  );
  return { pulls };
}

/**
 * The payments page as the loan pages give it: the loan, which is null for a moment while it is read again
 * ("Read the loan again"), then the loan again (a new object, as a refetch answers it).
 */
function RefetchingLoan() {
  const [loan, setLoan] = useState<TServicingLoan | null>(servicingLoan());
  return (
    <>
      <button type="button" onClick={() => setLoan(null)}>
        Loan is being read
      </button>
      <button type="button" onClick={() => setLoan(servicingLoan())}>
        Loan read again
      </button>
      <PaymentsPage
        loan={loan}
        disclosureLink={null}
        onSent={() => undefined}
        cardTokenizer={{ tokenize: () => Promise.resolve({ ok: true, token: 'tok' }) }}
      />
    </>
  );
}

async function openCardPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Debit card' }));
  const form = await screen.findByRole('form', { name: 'Pay with a debit card' });
  await within(form).findByRole('option', { name: 'Visa ending 4242' });
  return form;
}

describe('the Debit card panel on the kit', { timeout: 30_000 }, () => {
  it('keeps the typed amount when the loan is read again (the panels were unmounted while it was null) and charges it', async () => {
    const { pulls } = cardWorld();
    const user = userEvent.setup();
    renderWithProviders(<RefetchingLoan />);
    let form = await openCardPanel(user);
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '25.00');

    await user.click(screen.getByRole('button', { name: 'Loan is being read' }));
    await user.click(screen.getByRole('button', { name: 'Loan read again' }));

    form = await screen.findByRole('form', { name: 'Pay with a debit card' });
    expect(within(form).getByRole('textbox', { name: /Amount/ })).toHaveValue('25.00');
    await user.click(within(form).getByRole('button', { name: 'Pay with card' }));
    await waitFor(() => expect(pulls).toHaveLength(1));
    expect(pulls[0]?.body).toEqual({ card: { account: 7, amount: 2500, loan_id: 41 } });
  });

  it('tells the schema’s message under the amount and sends nothing; dollars as typed are charged in exact cents', async () => {
    const { pulls } = cardWorld();
    const user = userEvent.setup();
    renderWithProviders(<RefetchingLoan />);
    const form = await openCardPanel(user);
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await user.type(amount, 'twenty');
    await user.click(within(form).getByRole('button', { name: 'Pay with card' }));
    expect(await within(form).findByText(MONEY_INPUT_MSG.invalid)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(MONEY_INPUT_MSG.invalid));
    await user.clear(amount);
    await user.click(within(form).getByRole('button', { name: 'Pay with card' }));
    expect(await within(form).findByText(MONEY_INPUT_MSG.required)).toBeInTheDocument();
    expect(pulls).toHaveLength(0);

    await user.type(amount, '$1,250.5');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('button', { name: 'Pay with card' }));
    await waitFor(() => expect(pulls).toHaveLength(1));
    expect(pulls[0]?.body).toEqual({ card: { account: 7, amount: 125_050, loan_id: 41 } });
    expect(pulls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the add-a-card form says a missing field under it and tokenizes nothing', async () => {
    cardWorld();
    const user = userEvent.setup();
    renderWithProviders(<RefetchingLoan />);
    await user.click(await screen.findByRole('button', { name: 'Debit card' }));
    const add = await screen.findByRole('form', { name: 'Add a debit card' });
    await user.type(within(add).getByRole('textbox', { name: 'Name on card' }), 'Jordan Rivera');
    await user.click(within(add).getByRole('button', { name: 'Add card' }));
    expect(await within(add).findByRole('alert')).toHaveTextContent('Please fill in every card field.');
  });
});
