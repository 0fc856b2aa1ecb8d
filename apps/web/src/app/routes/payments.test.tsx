import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { PaymentRequestBody } from '@payrail/contract/servicing';
import { MONEY_INPUT_MSG } from '@payrail/client/money-input';
import { agreementHandler, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { BUSINESS_DATE_UNAVAILABLE } from '../../features/servicing/api/get-business-date';
import { scheduled, servicingHandlers, servicingLoan } from '../../../test/servicing-fixtures';

interface Sent {
  body: unknown;
  key: string | null;
}

/** Servicing's business date, staff-moved far ahead of the browser's date: the forms' "today". */
const BUSINESS_DATE = '2031-05-20';

function world(overrides: Parameters<typeof servicingHandlers>[0] = {}) {
  signInAs({ workflow_status: 'approved', feedback_rating: true, has_jack_henry: true });
  servicingHandlers({ businessDate: BUSINESS_DATE, ...overrides });
  server.use(agreementHandler());
  const sent: Sent[] = [];
  return { sent };
}

function answerPayments(sent: Sent[], ...answers: ((body: PaymentRequestBody) => Response)[]) {
  let call = 0;
  server.use(
    http.post(api('/request_payment'), async ({ request }) => {
      const body = (await request.json()) as PaymentRequestBody;
      sent.push({ body, key: request.headers.get('idempotency-key') });
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return answer ? answer(body) : HttpResponse.json({ error: 'no answer' }, { status: 500 });
    }),
  );
}

/** The server's answer to an accepted payment: its transaction, dated the day money moves (an auto-debit at the next term date). */
const ok = (body: PaymentRequestBody) =>
  HttpResponse.json({
    ok: true,
    message: PAYMENT_MSG.sent,
    transaction: scheduled({
      id: 777,
      amount: body.amount ?? 201_234,
      transaction_mode: body.mode,
      due_date: body.scheduling ? movedDay(body.scheduling.date) : '2026-12-15',
    }),
  });

async function openPanel(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('form', { name: name.replace(' (ACH)', '').replace('Auto-debit', 'Auto-debit') });
}

describe('/payment: the payments page (spec §2, §5, §8)', { timeout: 30_000 }, () => {
  it('one-time payment with the account on file: dollars typed, today instant, one Idempotency-Key, success → dashboard saying what and when', async () => {
    const { sent } = world();
    answerPayments(sent, ok);
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payments' })).getByRole('link', { name: '(888) 555-0142' })).toBeInTheDocument();
    const form = await openPanel(user, 'One-time payment (ACH)');
    const account = await within(form).findByRole('combobox', { name: /Bank account/ });
    expect(within(account).getByRole('option', { name: 'Harbor Point Bank XXXX6789' })).toBeInTheDocument();
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await user.type(amount, '25');
    expect(amount).toHaveValue('25');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await screen.findByText(`${PAYMENT_MSG.sent} Your payment of $25.00 will be debited from your bank account today, 05/20/2031.`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ method: 'ach', mode: 'one_time', loan_id: 41, amount: 2500, scheduling: { instant: true, date: BUSINESS_DATE } });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('amounts are dollars and cents ("50", "50.5", "1,250.00"), read exactly; more than 2 decimals, non-amounts, under $10.00 and a date before the business date are refused before sending', async () => {
    const { sent } = world();
    answerPayments(sent, ok);
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveAccessibleDescription('In dollars, for example 50 or 50.25. At least $10.00.');
    const make = within(form).getByRole('button', { name: 'Make payment' });
    await user.type(amount, '50.505');
    await user.click(make);
    expect(await within(form).findByText(MONEY_INPUT_MSG.tooManyDecimals)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '12ab');
    await user.click(make);
    expect(await within(form).findByText(MONEY_INPUT_MSG.invalid)).toBeInTheDocument();
    await user.clear(amount);
    // "9.99" is $9.99: under the spec's minimum of 10 dollars.
    await user.type(amount, '9.99');
    const date = within(form).getByLabelText(/Payment date/);
    // "Today" is the business date, not the browser's: the default, the minimum and the past all follow it.
    expect(date).toHaveValue(BUSINESS_DATE);
    expect(date).toHaveAttribute('min', BUSINESS_DATE);
    await user.clear(date);
    await user.type(date, '2031-05-19');
    await user.click(make);
    expect(await within(form).findByText(PAYMENT_MSG.lowerThanMinimum)).toBeInTheDocument();
    expect(within(form).getByText(PAYMENT_MSG.dateInPast)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // "1,250.5" is $1,250.50 exactly; "10" is ten dollars (no longer ten cents).
    await user.clear(amount);
    await user.type(amount, '1,250.5');
    await user.clear(date);
    await user.type(date, '2031-06-10');
    await user.click(make);
    expect(await screen.findByText(`${PAYMENT_MSG.sent} Your payment of $1,250.50 is scheduled for 06/10/2031.`)).toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([
      { method: 'ach', mode: 'one_time', loan_id: 41, amount: 125_050, scheduling: { instant: false, date: '2031-06-10' } },
    ]);
  });

  it('the business date cannot be read: no payment form on the browser’s date; Try again asks again and the form opens on the business date', async () => {
    const { sent } = world();
    let asks = 0;
    server.use(
      http.get(api('/business_date'), () => {
        asks += 1;
        return asks === 1 ? HttpResponse.json({ error: 'Down' }, { status: 500 }) : HttpResponse.json({ business_date: BUSINESS_DATE });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'One-time payment (ACH)' }));
    expect(await screen.findByText(BUSINESS_DATE_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Payment date/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make payment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const form = await screen.findByRole('form', { name: 'One-time payment' });
    const date = within(form).getByLabelText(/Payment date/);
    expect(date).toHaveValue(BUSINESS_DATE);
    expect(date).toHaveAttribute('min', BUSINESS_DATE);
    expect(asks).toBe(2);
    expect(sent).toHaveLength(0);
  });

  it('a loan that starts after the business date: the default date is its first day, not one the server refuses', async () => {
    const { sent } = world({ loan: servicingLoan({ effective_date: '2031-05-23' }) });
    answerPayments(sent, ok);
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    const date = within(form).getByLabelText(/Payment date/);
    expect(date).toHaveValue('2031-05-23');
    expect(date).toHaveAttribute('min', '2031-05-23');
    await user.clear(date);
    await user.type(date, '2031-05-21');
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '10');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findByText(PAYMENT_MSG.dateBeforeLoan)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(date);
    await user.type(date, '2031-05-23');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await screen.findByText(`${PAYMENT_MSG.sent} Your payment of $10.00 is scheduled for 05/23/2031.`)).toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([
      { method: 'ach', mode: 'one_time', loan_id: 41, amount: 1000, scheduling: { instant: false, date: '2031-05-23' } },
    ]);
  });

  it('server error_messages are shown one by one; a retry of the same submission reuses its key; the default text without messages', async () => {
    const { sent } = world();
    answerPayments(
      sent,
      () => HttpResponse.json({ error_messages: ['First problem.', 'Second problem.'] }, { status: 422 }),
      () => HttpResponse.json({ message: 'boom' }, { status: 500 }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '1000');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    const alert = await within(form).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First problem.', 'Second problem.']);
    // The same submission again: the same key (one payment at most).
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findByText(PAYMENT_MSG.unknown)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('a new account: routing number looks the bank up, customBanking is sent; a changed submission gets a new key', async () => {
    const { sent } = world();
    answerPayments(sent, () => HttpResponse.json({ error_messages: ['The account could not be verified.'] }, { status: 422 }), ok);
    server.use(
      http.get(api('/bank_informations/bank_name/:routing'), ({ params }) =>
        params.routing === '011000015'
          ? HttpResponse.json({ bank_name: 'Federal Reserve Bank' })
          : HttpResponse.json({ error: 'Bank not found!' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    await user.selectOptions(await within(form).findByRole('combobox', { name: /Bank account/ }), 'new');
    await user.type(within(form).getByRole('textbox', { name: /Account number/ }), '12345678');
    await user.type(within(form).getByRole('textbox', { name: /Routing number/ }), '999999999');
    expect(await within(form).findByText('Bank not found!')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Routing number/ }));
    await user.type(within(form).getByRole('textbox', { name: /Routing number/ }), '011000015');
    expect(await within(form).findByText('Federal Reserve Bank')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findByText(/required|blank/i)).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Account type/ }), 'savings');
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '15');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findByText('The account could not be verified.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '0');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    await screen.findByText(/^Your payment has been sent successfully\. Your payment of \$150\.00 will be debited/);
    expect(sent.map((call) => call.body)).toEqual([
      {
        method: 'ach',
        mode: 'one_time',
        loan_id: 41,
        amount: 1500,
        scheduling: { instant: true, date: BUSINESS_DATE },
        params: { customBanking: { account_number: '12345678', routing_number: '011000015', account_type: 'savings' } },
      },
      {
        method: 'ach',
        mode: 'one_time',
        loan_id: 41,
        amount: 15000,
        scheduling: { instant: true, date: BUSINESS_DATE },
        params: { customBanking: { account_number: '12345678', routing_number: '011000015', account_type: 'savings' } },
      },
    ]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('auto-debit: opening fetches the next payment date; the amount starts at the payment per term and may not be less; the disclosure must be accepted', async () => {
    const { sent } = world({ loan: servicingLoan({ payment_per_term: 15_000 }) });
    answerPayments(sent, ok);
    let asked = 0;
    server.use(
      http.get(api('/transactions/loan/next_term_date/:loanId'), () => {
        asked += 1;
        return HttpResponse.json({ next_term_date: '2026-12-15', payment_per_term: 15_000 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    await screen.findByRole('heading', { level: 1, name: 'Payments' });
    expect(asked).toBe(0);
    const form = await openPanel(user, 'Auto-debit (ACH)');
    expect(await within(form).findByText('Next payment date: 12/15/2026')).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(within(form).getByRole('link', { name: /Auto Debit Disclosure/ })).toBeInTheDocument();
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('150.00');
    expect(amount).toHaveAccessibleDescription('In dollars, for example 50 or 50.25. At least $150.00, your payment per term.');
    await user.clear(amount);
    await user.type(amount, '149.99');
    await user.click(within(form).getByRole('button', { name: 'Set up auto-debit' }));
    // The server's words: "… payment per term of $150.00." (one dollar sign).
    expect(await within(form).findByText('The auto-debit amount must be at least your payment per term of $150.00.')).toBeInTheDocument();
    expect(within(form).getByText(PAYMENT_MSG.disclosureRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(form).getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(within(form).getByRole('button', { name: 'Set up auto-debit' }));
    // Not "sent" alone: what was set up, and from when (the server's first debit date).
    expect(await screen.findByText(`${PAYMENT_MSG.sent} Auto-debit is set up: $150.00 per payment, starting 12/15/2026.`)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ method: 'ach', mode: 'auto_debit', loan_id: 41, amount: 15_000, disclosure_accepted: true });
  });

  it('next payment date failure at 500: the generic text', async () => {
    world();
    server.use(http.get(api('/transactions/loan/next_term_date/:loanId'), () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'Auto-debit (ACH)');
    expect(await within(form).findByText(PAYMENT_MSG.payoffUnknown)).toBeInTheDocument();
  });

  it('payoff: disabled with a tooltip until loan data has loaded', async () => {
    world({ loan: servicingLoan({ loan_master_loaded: false }) });
    const user = userEvent.setup();
    renderRoute('/payment');
    const button = await screen.findByRole('button', { name: 'Pay off my loan' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('The payoff is available once your loan data has loaded.');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('payoff: the first opening fetches today’s payoff; the fixed amount is paid without an amount', async () => {
    const { sent } = world();
    answerPayments(sent, ok);
    const quotes: string[] = [];
    server.use(
      http.get(api('/:loanId/payoff/:date'), ({ params }) => {
        quotes.push(`${String(params.loanId)}/${String(params.date)}`);
        return HttpResponse.json({ payoff_amount: 201_234, date: params.date });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    expect(await within(dialog).findByText('$2,012.34')).toBeInTheDocument();
    expect(quotes).toEqual([`41/${BUSINESS_DATE}`]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay off my loan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByText(`${PAYMENT_MSG.sent} Your payoff of $2,012.34 will be debited from your bank account today, 05/20/2031.`),
    ).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ method: 'ach', mode: 'payoff', loan_id: 41, scheduling: { instant: true, date: BUSINESS_DATE } });
  });

  it('payoff quote failures: the server message below 500, the generic text at 500', async () => {
    world();
    let status = 422;
    server.use(
      http.get(api('/:loanId/payoff/:date'), () =>
        status === 422 ? HttpResponse.json({ error_messages: ['This loan is not open for payments.'] }, { status }) : HttpResponse.json({}, { status }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    expect(await within(dialog).findByText('This loan is not open for payments.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    status = 500;
    // Another date asks again.
    await user.click(screen.getByRole('button', { name: 'Pay off my loan' }));
    const again = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    const date = within(again).getByLabelText(/Payment date/);
    await user.clear(date);
    await user.type(date, '2099-01-02');
    expect(await within(again).findByText(PAYMENT_MSG.payoffUnknown)).toBeInTheDocument();
  });

  it('scheduled payments: only scheduled ones are listed; cancel asks first (Escape keeps it), then says so and focus goes to the heading; 409 says "Payment in progress or already done."', async () => {
    let transactions = [
      scheduled({ id: 301 }),
      scheduled({ id: 302, due_date: '2026-12-20', amount: 7000, transaction_mode: 'auto_debit' }),
      scheduled({ id: 303, transaction_status: 'settled' }),
    ];
    world({ transactions });
    server.use(http.get(api('/transactions/loan/:loanId'), () => HttpResponse.json({ transactions })));
    const canceled: string[] = [];
    server.use(
      http.patch(api('/transactions/cancel/:id'), ({ params }) => {
        canceled.push(String(params.id));
        if (params.id !== '301') return HttpResponse.json({ error_messages: [PAYMENT_MSG.inProgressOrDone] }, { status: 409 });
        transactions = transactions.map((t) => (t.id === 301 ? { ...t, transaction_status: 'canceled' as const } : t));
        return HttpResponse.json({ ok: true, message: PAYMENT_MSG.canceled, transaction: scheduled({ id: 301, transaction_status: 'canceled' }) });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    const table = await screen.findByRole('table', { name: 'Scheduled payments' });
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Cancel/ })).toHaveLength(2));
    const first = within(table).getByRole('button', { name: 'Cancel the payment of $50.00 on 12/01/2026' });

    // One click does not cancel: a dialog asks, focus is inside it; Escape keeps the payment and focus comes back.
    await user.click(first);
    const ask = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
    expect(ask).toHaveAccessibleDescription('Your one-time payment of $50.00 on 12/01/2026 will not be debited.');
    expect(ask).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(first).toHaveFocus();
    expect(canceled).toEqual([]);

    // Keep the payment: nothing sent either.
    await user.click(first);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this payment?' })).getByRole('button', { name: 'Keep the payment' }));
    expect(canceled).toEqual([]);

    // Confirmed: canceled, the notification names it (in the polite live region), the row is gone, focus on the heading.
    await user.click(first);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this payment?' })).getByRole('button', { name: 'Cancel the payment' }));
    const notice = await screen.findByText('Your scheduled payment was canceled. $50.00 on 12/01/2026 will not be debited.');
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Cancel/ })).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Scheduled payments' })).toHaveFocus();
    expect(canceled).toEqual(['301']);

    // An auto-debit's payment: the dialog says the auto-debit stops; a 409 is the spec's text.
    await user.click(within(table).getByRole('button', { name: 'Cancel the payment of $70.00 on 12/20/2026' }));
    const second = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
    expect(second).toHaveAccessibleDescription(
      'Your auto-debit payment of $70.00 on 12/20/2026 will not be debited. Canceling it also stops your auto-debit: no further payments will be debited automatically.',
    );
    await user.click(within(second).getByRole('button', { name: 'Cancel the payment' }));
    expect(await screen.findByText(PAYMENT_MSG.inProgressOrDone)).toBeInTheDocument();
    expect(canceled).toEqual(['301', '302']);
  });
});

describe('/payment: the Debit card panel (spec §7, §8)', { timeout: 30_000 }, () => {
  it('adds a card through the sandbox tokenizer (its first error under the form), pays by card with one Idempotency-Key, lists card payments', async () => {
    world();
    const cards: { id: number; last4: string; brand: string | null; exp_month?: number; exp_year?: number }[] = [];
    const tokenized: unknown[] = [];
    const added: unknown[] = [];
    const pulls: Sent[] = [];
    let pullAnswer = () => HttpResponse.json({ error_messages: ['Your card has insufficient funds.'] }, { status: 422 });
    server.use(
      http.get(api('/card_tokenizer/config'), () => HttpResponse.json({ provider: 'sandbox', publishable_key: null })),
      http.post(api('/card_tokenizer/sandbox/tokenize'), async ({ request }) => {
        const body = (await request.json()) as { number: string };
        tokenized.push(body);
        if (body.number === '4000000000000002')
          return HttpResponse.json({ errors: [{ code: 'card_declined', message: 'Your card was declined.' }] }, { status: 402 });
        return HttpResponse.json({ id: 'tok_sandbox-1', card: { last4: '4242', brand: 'Visa', exp_month: 12, exp_year: 2030, funding: 'debit' } });
      }),
      http.get(api('/get_debit_cards'), () => HttpResponse.json({ ok: true, cards })),
      http.post(api('/add_debit_card'), async ({ request }) => {
        added.push(await request.json());
        cards.push({ id: 7, last4: '4242', brand: 'Visa', exp_month: 3, exp_year: 2031 });
        return HttpResponse.json({ ok: true, card: cards[0] }, { status: 201 });
      }),
      http.get(api('/get_debit_transactions'), () =>
        HttpResponse.json({
          ok: true,
          transactions: [
            {
              ...scheduled({ id: 90, amount: 1500, pay_method: 'debitcard', transaction_status: 'settled' }),
              loan_id: 41,
              card_last4: '4242',
              settled_on: '2031-05-19',
            },
          ],
        }),
      ),
      http.post(api('/create_pull_transaction'), async ({ request }) => {
        pulls.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return pullAnswer();
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Debit card' }));
    const addForm = await screen.findByRole('form', { name: 'Add a debit card' });
    expect(await screen.findByText('No debit card saved yet: add one below.')).toBeInTheDocument();
    expect(screen.getByText(/card ending 4242 · settled/)).toBeInTheDocument();
    await user.type(within(addForm).getByRole('textbox', { name: 'Name on card' }), 'Jordan Rivera');
    await user.type(within(addForm).getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');
    await user.type(within(addForm).getByRole('textbox', { name: 'Expiry month (MM)' }), '12');
    await user.type(within(addForm).getByRole('textbox', { name: 'Expiry year (YYYY)' }), '2030');
    await user.type(within(addForm).getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(within(addForm).getByRole('button', { name: 'Add card' }));
    expect(await within(addForm).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(added).toHaveLength(0);
    const number = within(addForm).getByRole('textbox', { name: 'Card number' });
    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(within(addForm).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Your card was added.')).toBeInTheDocument();
    expect(tokenized.at(-1)).toMatchObject({ number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' });
    expect(added).toEqual([{ card: { token: 'tok_sandbox-1', card_number: '**** **** **** 4242' } }]);

    const payForm = screen.getByRole('form', { name: 'Pay with a debit card' });
    expect(await within(payForm).findByRole('option', { name: 'Visa ending 4242 (expires 03/31)' })).toBeInTheDocument();
    const cardAmount = within(payForm).getByRole('textbox', { name: /Amount/ });
    // The same reader as every payment amount: under $10.00, or more than 2 decimals, is refused before charging.
    await user.type(cardAmount, '9.5');
    await user.click(within(payForm).getByRole('button', { name: 'Pay with card' }));
    expect(await within(payForm).findByText(PAYMENT_MSG.lowerThanMinimum)).toBeInTheDocument();
    await user.clear(cardAmount);
    await user.type(cardAmount, '25.001');
    await user.click(within(payForm).getByRole('button', { name: 'Pay with card' }));
    expect(await within(payForm).findByText(MONEY_INPUT_MSG.tooManyDecimals)).toBeInTheDocument();
    expect(pulls).toHaveLength(0);
    await user.clear(cardAmount);
    await user.type(cardAmount, '25');
    await user.click(within(payForm).getByRole('button', { name: 'Pay with card' }));
    expect(await within(payForm).findByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(await screen.findAllByText('Your card has insufficient funds.')).toHaveLength(2); // in the form and as a toast
    pullAnswer = () =>
      HttpResponse.json({
        ok: true,
        message: PAYMENT_MSG.sent,
        transaction: scheduled({ id: 91, amount: 2500, pay_method: 'debitcard', transaction_status: 'settled', due_date: BUSINESS_DATE }),
        card: { id: 7, last4: '4242' },
        charge_id: 'ch_sandbox_1',
      });
    await user.click(within(payForm).getByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByText(`${PAYMENT_MSG.sent} $25.00 was charged to your card ending 4242 today, 05/20/2031.`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(pulls.map((p) => p.body)).toEqual([{ card: { account: 7, amount: 2500, loan_id: 41 } }, { card: { account: 7, amount: 2500, loan_id: 41 } }]);
    expect(pulls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(pulls[1]?.key).toBe(pulls[0]?.key); // the same payment retried: one Idempotency-Key
  });
});

/** A Saturday after the business date, before Memorial Day: ACH money for it moves on Tuesday 05/27/2031. */
const SATURDAY = '2031-05-24';
const MOVED_TO = '2031-05-27';

/** GET /{loanId}/payoff/{date} as the server answers it now: the day money moves, and what may still be paid. */
function answerQuotes(quote: (date: string) => { payoff_amount: number; date: string; payable_amount: number; on_its_way_amount: number }) {
  const asked: string[] = [];
  server.use(
    http.get(api('/:loanId/payoff/:date'), ({ params }) => {
      asked.push(String(params.date));
      return HttpResponse.json(quote(String(params.date)));
    }),
  );
  return asked;
}

const movedDay = (date: string) => (date === SATURDAY ? MOVED_TO : date);

describe('/payment: payments already on their way and the day money moves', { timeout: 30_000 }, () => {
  const LIMIT_HINT = 'You can pay at most $4,060.00 on 05/20/2031: $6,090.00 is already on its way.';

  it('one-time: the limit is a hint tied to the amount; an amount above it is refused before sending; the server’s 422 is shown verbatim', async () => {
    const { sent } = world({ transactions: [scheduled({ id: 301, due_date: BUSINESS_DATE, amount: 609_000 })] });
    const serverText = PAYMENT_MSG.amountAboveLimit('$4,000.00', '$6,150.00');
    answerPayments(sent, () => HttpResponse.json({ error_messages: [serverText] }, { status: 422 }), ok);
    const asked = answerQuotes((date) => ({ payoff_amount: 1_015_000, date: movedDay(date), payable_amount: 406_000, on_its_way_amount: 609_000 }));
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    expect(await within(form).findByText(LIMIT_HINT)).toBeInTheDocument();
    expect(asked).toEqual([BUSINESS_DATE]);
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(LIMIT_HINT));

    // One cent above the limit: the field's error, the same words, nothing sent.
    await user.type(amount, '4,060.01');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findAllByText(LIMIT_HINT)).toHaveLength(2);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(expect.stringMatching(new RegExp(`${LIMIT_HINT.replace(/[$.]/g, '\\$&')}$`)));
    expect(sent).toHaveLength(0);

    // Within the limit it is sent; the server (which counts under its lock) may still refuse: its words, verbatim.
    await user.clear(amount);
    await user.type(amount, '4060');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(serverText);
    expect(sent.map((call) => call.body)).toEqual([
      { method: 'ach', mode: 'one_time', loan_id: 41, amount: 406_000, scheduling: { instant: true, date: BUSINESS_DATE } },
    ]);
  });

  it('one-time: nothing on its way, no hint; a weekend date says the day the bank is debited, tied to the date field', async () => {
    const { sent } = world();
    answerPayments(sent, ok);
    const asked = answerQuotes((date) => ({ payoff_amount: 201_234, date: movedDay(date), payable_amount: 201_234, on_its_way_amount: 0 }));
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    await waitFor(() => expect(asked).toEqual([BUSINESS_DATE]));
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveAccessibleDescription('In dollars, for example 50 or 50.25. At least $10.00.');
    const date = within(form).getByLabelText(/Payment date/);
    await user.clear(date);
    await user.type(date, SATURDAY);
    const moved = 'Your bank is debited on Tuesday 05/27/2031: the date you chose is not a business day.';
    expect(await within(form).findByText(moved)).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription(moved);
    // Above the payoff of that day: refused before sending.
    await user.type(amount, '2012.35');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    expect(await within(form).findByText(PAYMENT_MSG.amountAbovePayoff('2012.34'))).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(form).getByRole('button', { name: 'Make payment' }));
    // What was scheduled, for the day the server moved it to.
    await screen.findByText(`${PAYMENT_MSG.sent} Your payment of $50.00 is scheduled for 05/27/2031.`);
    // The chosen date is sent: the server moves it the same way.
    expect(sent.map((call) => call.body)).toEqual([
      { method: 'ach', mode: 'one_time', loan_id: 41, amount: 5000, scheduling: { instant: false, date: SATURDAY } },
    ]);
  });

  it('one-time and card: a payoff on its way is said, and no payment is offered', async () => {
    world({ transactions: [scheduled({ id: 305, transaction_mode: 'payoff', due_date: '2031-05-22', amount: 1_015_000 })] });
    answerQuotes((date) => ({ payoff_amount: 1_015_000, date: movedDay(date), payable_amount: 0, on_its_way_amount: 1_015_000 }));
    server.use(
      http.get(api('/get_debit_cards'), () => HttpResponse.json({ ok: true, cards: [{ id: 7, last4: '4242', brand: 'Visa' }] })),
      http.get(api('/get_debit_transactions'), () => HttpResponse.json({ ok: true, transactions: [] })),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    const form = await openPanel(user, 'One-time payment (ACH)');
    const said = PAYMENT_MSG.payoffOnItsWay('05/22/2031');
    expect(await within(form).findByText(said)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Make payment' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Debit card' }));
    const payForm = await screen.findByRole('form', { name: 'Pay with a debit card' });
    expect(await within(payForm).findByText(said)).toBeInTheDocument();
    expect(within(payForm).queryByRole('button', { name: 'Pay with card' })).not.toBeInTheDocument();

    // Nor a second payoff.
    await user.click(screen.getByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    expect(await within(dialog).findByText(said)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Pay off my loan' })).not.toBeInTheDocument();
  });

  it('payoff: a weekend date is quoted and debited on the next business day, and the dialog says so', async () => {
    const { sent } = world();
    answerPayments(sent, ok);
    const asked = answerQuotes((date) => ({
      payoff_amount: date === SATURDAY ? 202_000 : 201_234,
      date: movedDay(date),
      payable_amount: date === SATURDAY ? 202_000 : 201_234,
      on_its_way_amount: 0,
    }));
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    expect(await within(dialog).findByText('$2,012.34')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Your bank is debited/)).not.toBeInTheDocument();
    const date = within(dialog).getByLabelText(/Payment date/);
    await user.clear(date);
    await user.type(date, SATURDAY);
    expect(await within(dialog).findByText('$2,020.00')).toBeInTheDocument();
    const moved = 'Your bank is debited on Tuesday 05/27/2031: the date you chose is not a business day. The payoff amount above is for that day.';
    expect(within(dialog).getByText(moved)).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription(moved);
    expect(asked).toContain(SATURDAY);
    await user.click(within(dialog).getByRole('button', { name: 'Pay off my loan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent[0]?.body).toEqual({ method: 'ach', mode: 'payoff', loan_id: 41, scheduling: { instant: false, date: SATURDAY } });
  });

  it('card: today’s limit is a hint tied to the amount; above it the field refuses before charging; the server’s 422 verbatim', async () => {
    world({ transactions: [scheduled({ id: 301, due_date: BUSINESS_DATE, amount: 609_000 })] });
    answerQuotes((date) => ({ payoff_amount: 1_015_000, date, payable_amount: 406_000, on_its_way_amount: 609_000 }));
    const pulls: unknown[] = [];
    const serverText = PAYMENT_MSG.amountAboveLimit('$4,000.00', '$6,150.00');
    server.use(
      http.get(api('/get_debit_cards'), () => HttpResponse.json({ ok: true, cards: [{ id: 7, last4: '4242', brand: 'Visa' }] })),
      http.get(api('/get_debit_transactions'), () => HttpResponse.json({ ok: true, transactions: [] })),
      http.post(api('/create_pull_transaction'), async ({ request }) => {
        pulls.push(await request.json());
        return HttpResponse.json({ error_messages: [serverText] }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Debit card' }));
    const payForm = await screen.findByRole('form', { name: 'Pay with a debit card' });
    const hint = PAYMENT_MSG.amountAboveLimit('$4,060.00', '$6,090.00');
    expect(await within(payForm).findByText(hint)).toBeInTheDocument();
    const amount = within(payForm).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(hint));
    await user.type(amount, '4060.01');
    await user.click(within(payForm).getByRole('button', { name: 'Pay with card' }));
    expect(await within(payForm).findAllByText(hint)).toHaveLength(2);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(pulls).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '4,060.00');
    await user.click(within(payForm).getByRole('button', { name: 'Pay with card' }));
    expect(await within(payForm).findByRole('alert')).toHaveTextContent(serverText);
    expect(pulls).toEqual([{ card: { account: 7, amount: 406_000, loan_id: 41 } }]);
  });
});

describe('/payment: a payoff cancels the payments scheduled on or after its day (docs/servicing.md, "The loan book")', { timeout: 30_000 }, () => {
  const ABOUT = 'The payoff amount is what it takes to close your loan on the date you choose.';

  it('the payoff form names them before confirming; after the payoff the scheduled payments are asked again and the canceled ones are gone', async () => {
    const { sent } = world();
    // Out of date order, with payments a payoff does not cancel (settled, already canceled).
    let transactions = [
      scheduled({ id: 402, transaction_mode: 'auto_debit', due_date: '2031-06-18', amount: 24_116 }),
      scheduled({ id: 400, transaction_status: 'settled', due_date: '2031-05-01', amount: 15_000 }),
      scheduled({ id: 401, due_date: '2031-06-09', amount: 5000 }),
      scheduled({ id: 399, transaction_status: 'canceled', due_date: '2031-05-30', amount: 9900 }),
    ];
    const calls: string[] = [];
    server.use(
      http.get(api('/transactions/loan/:loanId'), () => {
        calls.push('transactions');
        return HttpResponse.json({ transactions });
      }),
      http.post(api('/request_payment'), async ({ request }) => {
        calls.push('payoff');
        sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        // The server cancels both in the payoff's own transaction.
        const payoff = scheduled({ id: 403, transaction_mode: 'payoff', due_date: BUSINESS_DATE, amount: 201_234 });
        transactions = [...transactions.map((t) => (t.id === 401 || t.id === 402 ? { ...t, transaction_status: 'canceled' as const } : t)), payoff];
        return HttpResponse.json({ ok: true, message: PAYMENT_MSG.sent, transaction: payoff });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/payment');
    const table = await screen.findByRole('table', { name: 'Scheduled payments' });
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Cancel/ })).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    const notice = 'Paying off cancels your 2 scheduled payments: $50.00 on 06/09/2031 and $241.16 on 06/18/2031.';
    expect(await within(dialog).findByText(notice)).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(ABOUT);
    expect(await within(dialog).findByText('$2,012.34')).toBeInTheDocument();

    const before = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Pay off my loan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent.map((call) => call.body)).toEqual([{ method: 'ach', mode: 'payoff', loan_id: 41, scheduling: { instant: true, date: BUSINESS_DATE } }]);
    // Asked again once the payoff was accepted, before leaving the page.
    expect(calls.slice(before)).toEqual(['payoff', 'transactions']);
    // The dashboard lists what is still scheduled: the payoff, not the two it canceled (not the 30-second cache).
    const dashboardTable = await screen.findByRole('table', { name: 'Scheduled payments' });
    expect(
      within(dashboardTable)
        .getAllByRole('button', { name: /^Cancel/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Cancel the payment of $2,012.34 on 05/20/2031']);
  });

  it('nothing scheduled (only settled or canceled payments): the form says nothing of cancellations', async () => {
    world({ transactions: [scheduled({ id: 400, transaction_status: 'settled' }), scheduled({ id: 401, transaction_status: 'canceled' })] });
    const user = userEvent.setup();
    renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    expect(await within(dialog).findByText('$2,012.34')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay off my loan' })).toBeEnabled();
    expect(dialog).toHaveAccessibleDescription(ABOUT);
    expect(within(dialog).queryByText(/cancels/)).not.toBeInTheDocument();
  });

  it('the payoff cannot be confirmed before the scheduled payments are known', async () => {
    const { sent } = world();
    answerPayments(sent, ok);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(api('/transactions/loan/:loanId'), async () => {
        await answered;
        return HttpResponse.json({ transactions: [scheduled({ id: 401, due_date: '2031-06-09', amount: 5000 })] });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/payment');
    await user.click(await screen.findByRole('button', { name: 'Pay off my loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay off your loan' });
    expect(await within(dialog).findByText('$2,012.34')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Pay off my loan' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(sent).toHaveLength(0);
    answer();
    expect(await within(dialog).findByText('Paying off cancels your scheduled payment of $50.00 on 06/09/2031.')).toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());
  });
});
