import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { APPLICATION_MSG } from '@payrail/contract/application';
import type { TLoanTerms } from '@payrail/contract/application';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import { allowedTransitions } from '@payrail/domain/workflow/machine';
import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { navigationStackHandler, sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { loanTermsFixture } from '../../../test/application-fixtures';
import { sessionStore } from '../../lib/session-store';
import { LOAN_TERMS_OPENS_FROM, LOAN_TERMS_STATUSES } from './loan-terms-open';

const SLOW = { timeout: 5000 };

const terms = loanTermsFixture;

const CHEAP = terms({
  amount: 50_000,
  fee_amount: 0,
  payment_per_term: 4_131,
  terms: 13,
  terms_in_months: 6,
  apr: '25.91',
  total_of_payments: 53_710,
  finance_charge: 3_710,
  amount_financed: 50_000,
});

function loanHandlers(options: { base?: TLoanTerms; onNext?: (next: TWorkflowStatus) => void } = {}) {
  const calls: string[] = [];
  const base = options.base ?? terms();
  server.use(
    http.get(api('/loan'), ({ request }) => {
      const amount = new URL(request.url).searchParams.get('amount');
      calls.push(`GET /loan${amount ? `?amount=${amount}` : ''}`);
      if (amount === '12345') return HttpResponse.json({ errors: { amount: ['is not included in the list'] } }, { status: 422 });
      return HttpResponse.json(amount === '50000' ? CHEAP : base);
    }),
    http.get(api('/consent_for_loan_eligibility'), ({ request }) => {
      calls.push(`GET /consent_for_loan_eligibility?state=${new URL(request.url).searchParams.get('state')}`);
      return HttpResponse.json({
        id: 40,
        name: 'consent_for_loan_eligibility',
        title: 'Consent for Loan Eligibility — Delaware',
        version: '1',
        state_abbreviation: 'DE',
        file_url: '/api/agreement_documents/40/view',
        pdf_url: '/api/agreement_documents/40/pdf',
      });
    }),
    http.get(api('/associate_terms_consent'), () => {
      calls.push('GET /associate_terms_consent');
      return HttpResponse.json({ ok: true, consented_at: '2026-12-01T15:00:00Z' });
    }),
    http.post(api('/workflow/next_status'), async ({ request }) => {
      const body = (await request.json()) as { current_status: string };
      calls.push(`POST /workflow/next_status ${body.current_status}`);
      const next: TWorkflowStatus = body.current_status === 'loan_terms' ? 'bank_link' : 'ready_for_review';
      options.onNext?.(next);
      return HttpResponse.json({ new_status: next, workflow_status: { next_status: next } });
    }),
  );
  return calls;
}

const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('loan terms', () => {
  it('shows the terms with money, APR and dates formatted, the fee by its label, and a Back button', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    loanHandlers();
    renderRoute('/loan_terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan Terms' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Loan Terms · Payrail'));
    // Nothing is pre-selected (issue #17): no figures and no Continue until an amount is chosen.
    const amount = await screen.findByLabelText(/Loan amount/);
    expect(amount).toHaveValue('');
    expect(screen.getByText('Choose an amount to see your payment, APR and total of payments.')).toBeInTheDocument();
    expect(screen.queryByText('Payment', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I agree to these loan terms/ })).toBeDisabled();
    expect(screen.getByRole('option', { name: '$3,000.00' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(amount, '300000');
    await waitFor(() => expect(definition('Payment')).toHaveTextContent('$135.79 per two weeks'));
    expect(definition('Number of payments')).toHaveTextContent('26');
    expect(definition('Term')).toHaveTextContent('12 months');
    expect(definition('APR')).toHaveTextContent('24.87%');
    expect(definition('Origination fee')).toHaveTextContent('$60.00');
    // One name for the total on every page (issue #17): the disclosure's, no "Total loan amount".
    expect(screen.queryByText('Total loan amount')).not.toBeInTheDocument();
    expect(definition('Amount financed')).toBeInTheDocument();
    expect(definition('First payment date')).toHaveTextContent('12/18/2026');
    expect(definition('Finance charge')).toHaveTextContent('$470.45');
    expect(definition('Total of payments')).toHaveTextContent('$3,530.45');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('names a document preparation fee by the server label', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    loanHandlers({ base: terms({ fee_label: 'document preparation fee', fee_amount: 2_500, fee_not_financed: true, amount_options: [] }) });
    renderRoute('/loan_terms');
    expect(await screen.findByText('Document preparation fee', { selector: 'dt' }, SLOW)).toBeInTheDocument();
    expect(definition('Document preparation fee')).toHaveTextContent('$25.00');
    // No amount options: the amount is shown, not chosen.
    expect(screen.queryByRole('combobox', { name: /Loan amount/ })).not.toBeInTheDocument();
    expect(definition('Loan amount')).toHaveTextContent('$3,000.00');
  });

  it('re-prices with GET /loan?amount= when another amount is chosen', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    const calls = loanHandlers();
    const user = userEvent.setup();
    renderRoute('/loan_terms');
    const amount = await screen.findByLabelText(/Loan amount/, {}, SLOW);
    await user.click(screen.getByRole('checkbox'));
    await user.selectOptions(amount, '50000');
    await waitFor(() => expect(definition('Payment')).toHaveTextContent('$41.31 per two weeks'));
    expect(definition('APR')).toHaveTextContent('25.91%');
    expect(calls).toContain('GET /loan?amount=50000');
    // New terms need the consent again.
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('keeps Continue disabled until the consent (linked to the state’s eligibility consent) is ticked, then records it and opens bank link', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    server.use(navigationStackHandler('loan_terms', ['about_yourself', 'employer', 'phone_verification', 'loan_terms']));
    const calls = loanHandlers();
    const user = userEvent.setup();
    const { router } = renderRoute('/loan_terms');
    await user.selectOptions(await screen.findByLabelText(/Loan amount/, {}, SLOW), '300000');
    const link = await screen.findByRole('link', { name: 'Consent for Loan Eligibility — Delaware (opens in a new window)' });
    expect(link).toHaveAttribute('href', '/api/agreement_documents/40/view');
    expect(calls).toContain('GET /consent_for_loan_eligibility?state=8');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I agree to these loan terms/ }));
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank_link'));
    expect(calls.filter((c) => !c.startsWith('GET /loan') && !c.startsWith('GET /consent'))).toEqual([
      'GET /associate_terms_consent',
      'POST /workflow/next_status loan_terms',
    ]);
    expect(sessionStore.getState().user?.workflow_status).toBe('bank_link');
  });

  it('after a counteroffer (loan_amount_changed) shows the change message, no Back, and continues home', async () => {
    signInAs({ workflow_status: 'loan_amount_changed' });
    const message = 'We can offer you up to $2,000.00. Please review your new loan terms.';
    const calls = loanHandlers({ base: terms({ amount: 200_000, negotiated_amount: 200_000, change_message: message, amount_options: [50_000, 200_000] }) });
    const user = userEvent.setup();
    const { router } = renderRoute('/loan_terms');
    expect(await screen.findByText(message, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Loan amount/), '200000');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /I agree to these loan terms/ })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: /I agree to these loan terms/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls).toContain('POST /workflow/next_status loan_amount_changed'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('puts a refused amount back to choosing and shows the server text on the amount', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    loanHandlers({ base: terms({ amount_options: [12_345, 50_000, 300_000] }) });
    const user = userEvent.setup();
    renderRoute('/loan_terms');
    const amount = await screen.findByLabelText(/Loan amount/, {}, SLOW);
    await user.selectOptions(amount, '12345');
    expect(await screen.findByText('is not included in the list')).toBeInTheDocument();
    expect(screen.getByLabelText(/Loan amount/)).toHaveAccessibleDescription(expect.stringContaining('is not included in the list'));
    // Back to choosing: nothing selected, no figures, Continue disabled.
    expect(screen.getByLabelText(/Loan amount/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the server text when no amount is available', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    server.use(http.get(api('/loan'), () => HttpResponse.json({ error: APPLICATION_MSG.noAmountAvailable }, { status: 422 })));
    renderRoute('/loan_terms');
    expect(await screen.findByText(APPLICATION_MSG.noAmountAvailable, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});

describe('refinance terms (classic §2, §9)', () => {
  it('an approved borrower starts the refinance, then sees previous balance, new amount and what is paid to them', async () => {
    signInAs({ workflow_status: 'approved', loan_type: 'new' });
    const calls = loanHandlers({ base: terms({ payoff_amount: 123_456, amount_options: [300_000] }) });
    server.use(
      http.post(api('/refinance'), () => {
        calls.push('POST /refinance');
        return HttpResponse.json({ ok: true, new_status: 'refinancing_loan_terms' });
      }),
      navigationStackHandler('refinancing_loan_terms'),
    );
    renderRoute('/refinance_terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refinance Terms' }, SLOW)).toBeInTheDocument();
    expect(calls[0]).toBe('POST /refinance');
    expect(sessionStore.getState().user?.loan_type).toBe('refinancing');
    await screen.findByText('Previous loan balance', { selector: 'dt' }, SLOW);
    expect(definition('Previous loan balance')).toHaveTextContent('$1,234.56');
    expect(definition('New loan amount')).toHaveTextContent('$3,000.00');
    // amount − payoff − fee not financed (the fee is financed here): 3,000.00 − 1,234.56
    expect(definition('Amount paid to you')).toHaveTextContent('$1,765.44');
  });

  it('a refused start says why and offers the dashboard', async () => {
    signInAs({ workflow_status: 'approved' });
    loanHandlers();
    server.use(http.post(api('/refinance'), () => HttpResponse.json({ error: 'This loan cannot be refinanced now.' }, { status: 422 })));
    renderRoute('/refinance_terms');
    expect(await screen.findByText('This loan cannot be refinanced now.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('loan terms set on open (spec §4: "on open, status set to loan_terms unless already loan_terms or loan_amount_changed")', () => {
  /**
   * A server that keeps one status: the session check and the stack answer it, POST /workflow/change_status
   * asks `answer` and moves it when granted. `status` starts as the borrower's.
   */
  function workflowServer(start: TWorkflowStatus, answer: (from: TWorkflowStatus) => { status: number; body: Record<string, unknown> }) {
    const state = { status: start, posts: [] as string[] };
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: state.status }))),
      http.post(api('/workflow/change_status'), async ({ request }) => {
        state.posts.push(((await request.json()) as { new_status: string }).new_status);
        const { status: code, body } = answer(state.status);
        if (code === 200) state.status = body.new_status as TWorkflowStatus;
        return HttpResponse.json(body, { status: code });
      }),
      http.get(api('/workflow/navigation_stack'), () =>
        HttpResponse.json({ navigation_stack: ['about_yourself', 'employer', 'phone_verification', state.status], current_status: state.status }),
      ),
    );
    return state;
  }
  const grant = () => ({ status: 200, body: { new_status: 'loan_terms', workflow_status: { next_status: 'bank_link' } } });

  it('opened in bank_link (Back in the browser, a typed URL) asks the server for loan_terms and shows the terms with the server stack', async () => {
    signInAs({ workflow_status: 'bank_link' });
    loanHandlers();
    const backend = workflowServer('bank_link', grant);
    const { router } = renderRoute('/loan_terms');
    expect(await screen.findByLabelText(/Loan amount/, {}, SLOW)).toBeInTheDocument();
    expect(backend.posts).toEqual(['loan_terms']);
    expect(sessionStore.getState().user?.workflow_status).toBe('loan_terms');
    await waitFor(() => expect(sessionStore.getState().navigationStack.at(-1)).toBe('loan_terms'));
    expect(router.state.location.pathname).toBe('/loan_terms');
    // The application variant, in loan_terms now: Back is offered.
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('a refused move (bank_link without loan terms under it) opens the page of the status the server answered', async () => {
    signInAs({ workflow_status: 'bank_link' });
    loanHandlers();
    const backend = workflowServer('bank_link', (from) => ({
      status: 422,
      body: { error: 'You can only go back to the previous page.', current_status: from },
    }));
    const { router } = renderRoute('/loan_terms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank_link'), SLOW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your bank account' }, SLOW)).toBeInTheDocument();
    expect(backend.posts).toEqual(['loan_terms']);
    expect(sessionStore.getState().user?.workflow_status).toBe('bank_link');
  });

  it('in its own statuses asks nothing; a status that may not move to loan_terms is sent to its page without asking', async () => {
    signInAs({ workflow_status: 'loan_amount_changed' });
    loanHandlers();
    const first = workflowServer('loan_amount_changed', grant);
    const opened = renderRoute('/loan_terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan Terms' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByLabelText(/Loan amount/, {}, SLOW)).toBeInTheDocument();
    expect(first.posts).toEqual([]);
    opened.unmount();
    signInAs({ workflow_status: 'application_review' });
    const second = workflowServer('application_review', grant);
    const { router } = renderRoute('/loan_terms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/application_review'), SLOW);
    expect(second.posts).toEqual([]);
  });

  it('its own Continue moving on to bank_link is never undone: no move back is asked, the borrower stays on bank link', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    // A server that would grant the move back (bank_link → loan_terms), as the real one does right after Continue.
    const backend = workflowServer('loan_terms', grant);
    // Continue moves the server on: its session checks (one runs on every navigation) answer bank_link from then on.
    const calls = loanHandlers({ onNext: (next) => (backend.status = next) });
    const user = userEvent.setup();
    const { router } = renderRoute('/loan_terms');
    await user.selectOptions(await screen.findByLabelText(/Loan amount/, {}, SLOW), '300000');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /I agree to these loan terms/ })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: /I agree to these loan terms/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank_link'), SLOW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your bank account' }, SLOW)).toBeInTheDocument();
    expect(calls).toContain('POST /workflow/next_status loan_terms');
    expect(backend.posts).toEqual([]);
    expect(sessionStore.getState().user?.workflow_status).toBe('bank_link');
    expect(router.state.location.pathname).toBe('/bank_link');
  });

  it('a poll answering another status while the page is open sends the borrower there, asking nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs({ workflow_status: 'loan_terms' });
    loanHandlers();
    const backend = workflowServer('loan_terms', grant);
    const { router } = renderRoute('/loan_terms');
    expect(await screen.findByLabelText(/Loan amount/, {}, SLOW)).toBeInTheDocument();
    // Moved elsewhere (another tab continued to bank link): the next 5000 ms poll answers bank_link.
    backend.status = 'bank_link';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank_link'), SLOW);
    expect(backend.posts).toEqual([]);
    expect(sessionStore.getState().user?.workflow_status).toBe('bank_link');
  });

  it('asks in exactly the statuses the workflow table lets the borrower leave for loan_terms', () => {
    const reachable = WORKFLOW_STATUSES.filter((s) => allowedTransitions(s).some((t) => t.to === 'loan_terms' && t.by.includes('borrower')));
    expect([...LOAN_TERMS_OPENS_FROM].sort()).toEqual([...reachable].sort());
    expect(LOAN_TERMS_STATUSES).toEqual(['loan_terms', 'loan_amount_changed']);
  });
});
