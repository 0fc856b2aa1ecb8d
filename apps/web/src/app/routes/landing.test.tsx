import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { employerFixture, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { sessionStore } from '../../lib/session-store';

const EXAMPLE = {
  apr_min: '22.41',
  apr_max: '35.87',
  amount_min: 50_000,
  amount_max: 1_000_000,
  term_months_min: 6,
  term_months_max: 36,
  example: {
    amount: 300_000,
    fee_amount: 6_000,
    fee_label: 'origination fee',
    fee_financed: true,
    interest_rate: '21.591',
    apr: '24.87',
    term_frequency: 'biweekly',
    number_of_payments: 26,
    terms_in_months: 12,
    payment_per_term: 13_579,
    final_payment: 13_570,
    finance_charge: 47_045,
    amount_financed: 300_000,
    total_of_payments: 353_045,
  },
  as_of: '2026-12-01',
};

describe('landing page', () => {
  it('states the APR range, amounts, terms and a worked example from the server (the loan engine)', async () => {
    server.use(http.get(api('/representative_example'), () => HttpResponse.json(EXAMPLE)));
    renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Rates and a representative example' }, { timeout: 5000 });
    expect(await screen.findByText(/APR from/)).toHaveTextContent('APR from 22.41% to 35.87%. Loans of $500.00 to $10,000.00, repaid over 6 to 36 months.');
    expect(section).toHaveTextContent('You make 26 payments of $135.79 every two weeks over 12 months (the last one $135.70).');
    expect(section).toHaveTextContent('total of payments $3,530.45: APR 24.87%.');
  });

  it('explains the product and leads to sign-up and sign-in', async () => {
    server.use(http.get(api('/representative_example'), () => HttpResponse.json(EXAMPLE)));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'A loan that works with your paycheck' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two ways to repay' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const rateLinks = screen.getAllByRole('link', { name: 'Check your rate' });
    expect(rateLinks.every((link) => link.getAttribute('href') === '/signup')).toBe(true);
    expect(main).toContainElement(rateLinks[1] ?? null);
    expect(screen.getAllByRole('link', { name: 'Sign in' }).every((link) => link.getAttribute('href') === '/signin')).toBe(true);
  });
});

describe('signed-in home: the status panel', { timeout: 20_000 }, () => {
  function signedIn(overrides: Parameters<typeof signInAs>[0], reapplyOn = 'today') {
    const answer = signInAs({ feedback_rating: true, ...overrides });
    const state = { status: answer.workflow_status, calls: [] as { path: string; body?: unknown }[] };
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json({ ...answer, workflow_status: state.status })),
      http.get(api('/reapply'), () => HttpResponse.json({ could_reapply_on: reapplyOn })),
      // The About Yourself page a restart opens.
      http.get(api('/about_yourself/*'), () => HttpResponse.json({})),
      http.get(api('/states'), () => HttpResponse.json([])),
      http.get(api('/loan_purposes'), () => HttpResponse.json([])),
      http.get(api('/education_program'), () => HttpResponse.json({ show_modal: false })),
    );
    return state;
  }

  it('declined with a future reapply date: the date as MM/DD/YYYY, no Reapply button', async () => {
    signedIn({ workflow_status: 'declined' }, '2027-03-04');
    renderRoute('/');
    expect(await screen.findByText('Declined', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('You can reapply on 03/04/2027.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reapply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rate your experience' })).not.toBeInTheDocument();
  });

  it('Not Qualified with reapply today: Reapply starts a new application on About Yourself', async () => {
    const state = signedIn({ workflow_status: 'denied', not_qualified_reason: 'Income below our minimum.' });
    server.use(
      http.get(api('/do_reapply'), () => {
        state.calls.push({ path: '/do_reapply' });
        state.status = 'about_yourself';
        return HttpResponse.json({ ok: true, new_status: 'about_yourself' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    expect(await screen.findByText('Not Qualified', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Income below our minimum.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Reapply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'), { timeout: 5000 });
    expect(state.calls).toEqual([{ path: '/do_reapply' }]);
  });

  it('dropped: New Loan; a refusal shows the server text as a warning, a failure without text the spec message', async () => {
    signedIn({ workflow_status: 'dropped' });
    let answer: Response = HttpResponse.json({ error: 'You can apply again on 03/04/2027.' }, { status: 422 });
    server.use(http.get(api('/new_application'), () => answer));
    const warning = vi.spyOn(notify, 'warning');
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    renderRoute('/');
    expect(await screen.findByText('Your application was dropped for inactivity.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Loan' }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('You can apply again on 03/04/2027.'));
    answer = HttpResponse.json({}, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'New Loan' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Sorry, we could not process a new loan'));
  });

  it('canceled shows the reapply date in its message and New Loan', async () => {
    signedIn({ workflow_status: 'canceled' }, '2027-01-02');
    renderRoute('/');
    expect(await screen.findByText('Your application was canceled. You can reapply on 01/02/2027.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Loan' })).toBeInTheDocument();
  });

  it('paid-off: "Loan paid in full" and New Loan', async () => {
    signedIn({ workflow_status: 'approved', paid_off: true });
    renderRoute('/');
    expect(await screen.findByText('Loan paid in full', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Loan' })).toBeInTheDocument();
  });

  it('non-federal employers read Split Direct Deposit in analysis', async () => {
    const answer = signInAs({ workflow_status: 'review_allotment', feedback_rating: true });
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json({ ...answer, loan_borrower: { ...answer.loan_borrower, employer_id: 4 } })),
      http.get(api('/employers/4'), () =>
        HttpResponse.json(employerFixture({ id: 4, name: 'Pinecrest', employer_type: 'private', payment_type: 'split_direct_deposit' })),
      ),
    );
    renderRoute('/');
    expect(await screen.findByText('Split Direct Deposit in analysis', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('in analysis: the 24-48 hours message, and no rating form (only the Approved panel has it)', async () => {
    signedIn({ workflow_status: 'application_submitted', feedback_rating: false });
    renderRoute('/');
    expect(
      await screen.findByText('We received your application and it is in analysis. Our customer service reviews applications within 24-48 hours.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('In Analysis')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rate your experience' })).not.toBeInTheDocument();
  });

  it('the Approved panel on Home (refinancing_application): 1–3 stars ask for text before posting; focus moves to the message', async () => {
    const state = signedIn({ workflow_status: 'refinancing_application', loan_type: 'new', feedback_rating: false });
    server.use(
      http.post(api('/user_feedback'), async ({ request }) => {
        state.calls.push({ path: '/user_feedback', body: await request.json() });
        return HttpResponse.json({ id: 1, rating: 2, message: 'Slow' }, { status: 201 });
      }),
    );
    const open = vi.spyOn(window, 'open');
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: '2 stars' }, { timeout: 5000 }));
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('What could we do better?'), 'Slow');
    await user.click(send);
    const sent = await screen.findByText('Your feedback was sent.');
    await waitFor(() => expect(document.activeElement).toContainElement(sent));
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(sessionStore.getState().user?.feedback_rating).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(state.calls).toEqual([{ path: '/user_feedback', body: { feedback: { rating: 2, message: 'Slow' } } }]);
    open.mockRestore();
  });
});
