import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { MONEY_INPUT_MSG } from '@payrail/client/money-input';
import { CREDIT_MSG } from '../../features/servicing/components/credit-balance';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { scheduled, servicingHandlers, servicingLoan } from '../../../test/servicing-fixtures';

const PATH = '/dashboard/loans-and-payments/loan-history/2026-11-0041';
/** A loan paid off, then $30.00 more received (an employer's remittance after the payoff). */
const paidOff = (credit: number): TServicingLoan =>
  servicingLoan({ loan_status: 'closed_paid', principal_balance: 0, outstanding_balance: 0, due_date: null, credit_balance: credit });

function world(
  credit: number,
  cards = [
    { id: 7, last4: '4242', brand: 'Visa' },
    { id: 8, last4: '4444', brand: 'Mastercard', exp_month: 4, exp_year: 2032 },
  ],
) {
  signInAs({ workflow_status: 'approved', feedback_rating: true, paid_off: true });
  const state = { loan: paidOff(credit) };
  servicingHandlers({ loan: null, history: [state.loan], businessDate: '2031-05-20' });
  server.use(
    http.get(api('/loans/history'), () => HttpResponse.json({ loans: [state.loan] })),
    http.get(api('/get_debit_cards'), () => HttpResponse.json({ ok: true, cards })),
    // This loan was paid with the card ending 4444: it comes first.
    http.get(api('/get_debit_transactions'), () =>
      HttpResponse.json({
        ok: true,
        transactions: [
          {
            ...scheduled({ id: 90, amount: 201_234, pay_method: 'debitcard', transaction_status: 'settled' }),
            loan_id: 41,
            card_last4: '4444',
            settled_on: '2031-05-01',
          },
        ],
      }),
    ),
  );
  return state;
}

describe('loan details: the credit balance and "Send to my card" (spec §7 POST /create_debit_disbursement)', { timeout: 30_000 }, () => {
  it('shows the credit and what happens without action; sends it to the card the loan was paid with, verbatim refusals, one key per submission', async () => {
    const state = world(3000);
    const sent: { body: unknown; key: string | null }[] = [];
    let answer = () => HttpResponse.json({ error_messages: ['The refund to your card failed. Please contact us.'] }, { status: 422 });
    server.use(
      http.post(api('/create_debit_disbursement'), async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return answer();
      }),
    );
    const user = userEvent.setup();
    renderRoute(PATH);
    const region = await screen.findByRole('region', { name: 'Credit balance' });
    expect(within(region).getByText('Credit balance $30.00')).toBeInTheDocument();
    expect(within(region).getByText(CREDIT_MSG.ifNothing)).toBeInTheDocument();

    const open = await within(region).findByRole('button', { name: 'Send to my card' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Send your credit balance to your card' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(dialog).toHaveAccessibleDescription(`Credit balance $30.00. ${CREDIT_MSG.onlyPaidWith}`);
    const card = within(dialog).getByRole('combobox', { name: /Debit card/ });
    await waitFor(() => expect(card).toHaveValue('8'));
    expect(within(card).getByRole('option', { name: 'Mastercard ending 4444 (expires 04/32)' })).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('30.00');

    // Refused before sending: more than 2 decimals, more than the credit.
    await user.clear(amount);
    await user.type(amount, '12.005');
    await user.click(within(dialog).getByRole('button', { name: 'Send to my card' }));
    expect(await within(dialog).findByText(MONEY_INPUT_MSG.tooManyDecimals)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '30.01');
    await user.click(within(dialog).getByRole('button', { name: 'Send $30.01 to my card' }));
    expect(await within(dialog).findByText(PAYMENT_MSG.refundAboveCredit('30.00'))).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // The server's refusal, verbatim; the same submission again keeps its key.
    await user.clear(amount);
    await user.type(amount, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Send $12.00 to my card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The refund to your card failed. Please contact us.');
    answer = () => {
      state.loan = paidOff(1800);
      return HttpResponse.json({
        ok: true,
        message: PAYMENT_MSG.refundSent,
        refund: { loan_id: 41, amount: 1200, effective_date: '2031-05-20', card: { id: 8, last4: '4444' }, payout_id: 're_sandbox_1' },
        credit_balance: 1800,
      });
    };
    await user.click(within(dialog).getByRole('button', { name: 'Send $12.00 to my card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region).getByRole('status')).toHaveTextContent(`${PAYMENT_MSG.refundSent} Remaining credit balance: $18.00.`);
    expect(within(region).getByRole('heading', { name: 'Credit balance' })).toHaveFocus();
    // The loan record is read again: the credit left.
    expect(await within(region).findByText('Credit balance $18.00')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([{ card: { account: 8, amount: 1200, loan_id: 41 } }, { card: { account: 8, amount: 1200, loan_id: 41 } }]);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('the whole credit sent: the message and $0.00 stay, the button goes', async () => {
    const state = world(3000);
    server.use(
      http.post(api('/create_debit_disbursement'), () => {
        state.loan = paidOff(0);
        return HttpResponse.json({
          ok: true,
          message: PAYMENT_MSG.refundSent,
          refund: { loan_id: 41, amount: 3000, effective_date: '2031-05-20', card: { id: 8, last4: '4444' }, payout_id: 're_sandbox_2' },
          credit_balance: 0,
        });
      }),
    );
    const user = userEvent.setup();
    renderRoute(PATH);
    const region = await screen.findByRole('region', { name: 'Credit balance' });
    const open = await within(region).findByRole('button', { name: 'Send to my card' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Send your credit balance to your card' });
    await user.click(within(dialog).getByRole('button', { name: 'Send $30.00 to my card' }));
    expect(await within(region).findByText('Credit balance $0.00')).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent(`${PAYMENT_MSG.refundSent} Remaining credit balance: $0.00.`);
    expect(within(region).queryByRole('button', { name: 'Send to my card' })).not.toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: 'Credit balance' })).toHaveFocus();
  });

  it('no saved card: said, and no button', async () => {
    world(3000, []);
    renderRoute(PATH);
    const region = await screen.findByRole('region', { name: 'Credit balance' });
    expect(await within(region).findByText(CREDIT_MSG.noCards)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Send to my card' })).not.toBeInTheDocument();
  });

  it('a loan without a credit balance shows none', async () => {
    world(0);
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loans & Payments' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credit balance' })).not.toBeInTheDocument();
  });
});
