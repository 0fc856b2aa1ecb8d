import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employerFixture, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

const employer = (payment_type: 'allotment' | 'split_direct_deposit') =>
  http.get(api('/employers/:id'), () =>
    HttpResponse.json(employerFixture({ name: 'Acme', employer_type: payment_type === 'allotment' ? 'federal' : 'private', payment_type })),
  );

/** Signed in at select_repay_method; the session check answers `state.status` (what the server holds). */
function signedIn(payment: 'allotment' | 'split_direct_deposit' = 'allotment') {
  const answer = signInAs({ workflow_status: 'select_repay_method' });
  const state = { status: 'select_repay_method' };
  server.use(
    http.get(api('/token_is_valid'), () =>
      HttpResponse.json({ ...answer, workflow_status: state.status, loan_borrower: { ...answer.loan_borrower, employer_id: 3 } }),
    ),
    employer(payment),
    http.get(api('/bank_informations'), () => HttpResponse.json({ error: 'none' }, { status: 404 })),
    http.get(api('/esignature'), () => HttpResponse.json({ error: 'none' }, { status: 404 })),
    http.get(api('/repay_method_offers'), () => HttpResponse.json({ offers: OFFERS })),
  );
  return state;
}

const offer = (method: string, interest_rate: string, apr: string, payment_per_term: number) => ({
  method,
  interest_rate,
  apr,
  payment_per_term,
  number_of_payments: 78,
  term_frequency: 'biweekly',
  total_of_payments: payment_per_term * 78,
});
const OFFERS = [offer('split_direct_deposit', '23.391', '26.1', 6215), offer('auto_debit', '25.99', '28.95', 6480), offer('online', '27.99', '31.02', 6690)];

describe('select repay method', { timeout: 20_000 }, () => {
  it('offers three options; Continue stays disabled until one is chosen, then moves to the answered status', async () => {
    const state = signedIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/select_repay_method'), async ({ request }) => {
        bodies.push(await request.json());
        state.status = 'auto_debit_needed';
        return HttpResponse.json({ new_status: 'auto_debit_needed', workflow_status: { next_status: 'auto_debit_needed' } });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/select_repay_method');
    expect(await screen.findByRole('heading', { level: 1, name: 'How would you like to repay?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Auto-Debit ACH' }));
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auto_debit'), { timeout: 5000 });
    expect(bodies).toEqual([{ repay_method: 1 }]);
    expect(sessionStore.getState().user?.workflow_status).toBe('auto_debit_needed');
  });

  it('federal employers read the allotment wording; others the split direct deposit wording', async () => {
    signedIn('allotment');
    const first = renderRoute('/select_repay_method');
    expect(await screen.findByText(/Set up an allotment from your federal paycheck/, undefined, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();
    signedIn('split_direct_deposit');
    renderRoute('/select_repay_method');
    expect(await screen.findByText(/through your employer’s payroll/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a refused choice adopts the server status', async () => {
    const state = signedIn();
    server.use(
      http.post(api('/select_repay_method'), () => {
        state.status = 'esignature_needed';
        return HttpResponse.json({ error: 'This step is not available', current_status: 'esignature_needed' }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/select_repay_method');
    await user.click(await screen.findByRole('radio', { name: 'Skip – pay online through the portal' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/esignature'), { timeout: 5000 });
    expect(sessionStore.getState().user?.workflow_status).toBe('esignature_needed');
  });

  it('shows the price of each method: split direct deposit is the lower rate', async () => {
    signedIn();
    renderRoute('/select_repay_method');
    expect(await screen.findByRole('radio', { name: /Split Direct Deposit \(lower rate\)/ })).toBeInTheDocument();
    expect(screen.getByText(/Interest rate 23\.39%, APR 26\.10%: 78 payments of \$62\.15\./)).toBeInTheDocument();
    expect(screen.getByText(/Interest rate 25\.99%, APR 28\.95%: 78 payments of \$64\.80\./)).toBeInTheDocument();
  });
});
