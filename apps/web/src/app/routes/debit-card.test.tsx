import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

function signedIn() {
  const answer = signInAs({ workflow_status: 'debit_card' });
  const state = { status: 'debit_card', calls: [] as { path: string; body: unknown }[] };
  const record =
    (path: string, respond: () => Response) =>
    async ({ request }: { request: Request }) => {
      state.calls.push({ path, body: await request.json() });
      return respond();
    };
  server.use(
    http.get(api('/token_is_valid'), () => HttpResponse.json({ ...answer, workflow_status: state.status })),
    http.get(api('/card_tokenizer/config'), () => HttpResponse.json({ provider: 'sandbox', publishable_key: null })),
    http.get(api('/reapply'), () => HttpResponse.json({ could_reapply_on: 'today' })),
    http.post(
      api('/workflow/next_status'),
      record('/workflow/next_status', () => {
        state.status = 'review_allotment';
        return HttpResponse.json({ new_status: 'review_allotment', workflow_status: { next_status: 'review_allotment' } });
      }),
    ),
    http.post(
      api('/wallet'),
      record('/wallet', () => HttpResponse.json({ id: 1, last4: '4242' }, { status: 201 })),
    ),
  );
  return { state, record };
}

async function fill(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Name on card', undefined, { timeout: 5000 }), 'Ana Lima');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText(/Expiration date/), '122030');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

describe('debit card', { timeout: 20_000 }, () => {
  it('tokenizes in the browser, saves the masked card, then moves on to the home panel', async () => {
    const { state, record } = signedIn();
    server.use(
      http.post(
        api('/card_tokenizer/sandbox/tokenize'),
        record('/tokenize', () =>
          HttpResponse.json({ id: 'tok_sandbox-1', card: { last4: '4242', brand: 'visa', exp_month: 12, exp_year: 2030, funding: 'debit' } }),
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/debit_card');
    expect(await screen.findByRole('heading', { level: 1, name: 'Debit card' }, { timeout: 5000 })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await fill(user, '4242424242424242');
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I authorize debits/ }));
    expect(next).toBeEnabled();
    // Away from the field only the last four digits are shown.
    expect(screen.getByLabelText('Card number')).toHaveValue('**** **** **** 4242');
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(state.calls).toEqual([
      { path: '/tokenize', body: { name: 'Ana Lima', number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' } },
      { path: '/wallet', body: { token: 'tok_sandbox-1', card_number: '**** **** **** 4242' } },
      { path: '/workflow/next_status', body: { current_status: 'debit_card' } },
    ]);
  });

  it('shows the tokenizer’s first error under the form and stops loading', async () => {
    const { state } = signedIn();
    server.use(
      http.post(api('/card_tokenizer/sandbox/tokenize'), () =>
        HttpResponse.json(
          {
            errors: [
              { code: 'card_declined', message: 'Your card was declined.' },
              { code: 'other', message: 'Second' },
            ],
          },
          { status: 402 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/debit_card');
    await fill(user, '4000000000000002');
    await user.click(screen.getByRole('checkbox', { name: /I authorize debits/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-busy');
    expect(state.calls).toEqual([]);
  });

  it('SKIP moves on without a card', async () => {
    const { state } = signedIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/debit_card');
    await user.click(await screen.findByRole('button', { name: 'SKIP' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(state.calls).toEqual([{ path: '/workflow/next_status', body: { current_status: 'debit_card' } }]);
  });

  it('every field filled then emptied also allows Continue, as a skip', async () => {
    const { state } = signedIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/debit_card');
    await fill(user, '4242424242424242');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    for (const label of ['Name on card', 'Card number', 'Security code (CVC)']) await user.clear(screen.getByLabelText(label));
    await user.clear(screen.getByLabelText(/Expiration date/));
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(state.calls).toEqual([{ path: '/workflow/next_status', body: { current_status: 'debit_card' } }]);
  });

  it('a failed tokenizer config shows an error with Retry; Continue says why it is disabled', async () => {
    signedIn();
    let configOk = false;
    server.use(
      http.get(api('/card_tokenizer/config'), () =>
        configOk ? HttpResponse.json({ provider: 'sandbox', publishable_key: null }) : HttpResponse.json({ error: 'down' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/debit_card');
    expect(await screen.findByText(/We could not load the card form/, undefined, { timeout: 5000 })).toBeInTheDocument();
    await fill(user, '4242424242424242');
    await user.click(screen.getByRole('checkbox', { name: /I authorize debits/ }));
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Continue is unavailable until the card form loads: press Retry, or SKIP.');
    configOk = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 5000 });
    expect(screen.queryByText(/We could not load the card form/)).not.toBeInTheDocument();
    expect(next).not.toHaveAttribute('aria-describedby');
  });

  it('the disabled Continue is described: fill the card, then tick the authorization', async () => {
    signedIn();
    const user = userEvent.setup();
    renderRoute('/debit_card');
    const next = await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 });
    expect(next).toHaveAccessibleDescription('To continue, fill in every card field and tick the Debit Card Authorization, or press SKIP.');
    await fill(user, '4242424242424242');
    expect(next).toHaveAccessibleDescription('To continue, tick the Debit Card Authorization.');
  });

  it('a wallet failure says the card was not saved, not a document error', async () => {
    const { state } = signedIn();
    server.use(
      http.post(api('/card_tokenizer/sandbox/tokenize'), () =>
        HttpResponse.json({ id: 'tok_sandbox-1', card: { last4: '4242', brand: 'visa', exp_month: 12, exp_year: 2030, funding: 'debit' } }),
      ),
      // An answer of an unexpected shape: not an ApiError.
      http.post(api('/wallet'), () => HttpResponse.json({ unexpected: true }, { status: 201 })),
    );
    const user = userEvent.setup();
    renderRoute('/debit_card');
    await fill(user, '4242424242424242');
    await user.click(screen.getByRole('checkbox', { name: /I authorize debits/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/We could not save your card/)).toBeInTheDocument();
    expect(screen.queryByText(/could not open the document/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-busy');
    expect(state.calls).toEqual([]);
  });

  it('a failed move to the next step is shown, and SKIP can be pressed again', async () => {
    signedIn();
    server.use(http.post(api('/workflow/next_status'), () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup();
    const { router } = renderRoute('/debit_card');
    await user.click(await screen.findByRole('button', { name: 'SKIP' }, { timeout: 5000 }));
    expect(await screen.findByText('We could not move on to the next step. Please try again in a few minutes.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/debit_card');
    expect(screen.getByRole('button', { name: 'SKIP' })).toBeEnabled();
  });
});
