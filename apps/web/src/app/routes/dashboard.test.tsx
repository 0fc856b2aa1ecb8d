import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { scheduled, servicingHandlers, servicingLoan } from '../../../test/servicing-fixtures';
import { sessionStore } from '../../lib/session-store';

function shell() {
  server.use(
    http.get(api('/notifications'), () => HttpResponse.json([])),
    http.get(api('/benefits'), () => HttpResponse.json({ level: 'zero', color: '#8a99a6', read: true })),
    http.get(api('/banners'), () => HttpResponse.json([])),
  );
}

function approved(overrides: Parameters<typeof signInAs>[0] = {}) {
  const answer = signInAs({ workflow_status: 'approved', feedback_rating: true, ...overrides }, 'tok-123');
  const calls: unknown[] = [];
  shell();
  server.use(
    http.post(api('/user_feedback'), async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json({ id: 1, rating: 5, message: '' }, { status: 201 });
    }),
  );
  return { answer, calls };
}

describe('dashboard: the Approved panel (classic §2)', { timeout: 20_000 }, () => {
  it('Home sends an approved borrower to the dashboard, which shows Approved, the refinance prompt and the loan-manager link', async () => {
    approved({ eligible_for_refinance: true, has_nelnet: true });
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
    const panel = await screen.findByRole('region', { name: 'Your application' }, { timeout: 5000 });
    expect(within(panel).getByText('Approved')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See your refinance terms' })).toHaveAttribute('href', '/refinance_terms');
    const manager = within(panel).getByRole('link', { name: /loan manager/ });
    expect(new URL(manager.getAttribute('href') ?? '').searchParams.get('token')).toBe('tok-123');
    // hasNelNet: a full page redirect, never a new tab.
    expect(manager).not.toHaveAttribute('target');
    // Already rated: no rating form.
    expect(within(panel).queryByRole('heading', { name: 'Rate your experience' })).not.toBeInTheDocument();
    // The loan widgets follow.
    expect(await screen.findByRole('region', { name: 'Loan history' })).toBeInTheDocument();
  });

  it('no refinance prompt when not eligible, no loan-manager link without a servicer id', async () => {
    approved({ eligible_for_refinance: false, has_nelnet: false });
    renderRoute('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Your application' }, { timeout: 5000 });
    expect(within(panel).queryByRole('link', { name: 'See your refinance terms' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /loan manager/ })).not.toBeInTheDocument();
  });

  it('not yet rated: 5 stars open the review page, post the rating and move focus to "Your feedback was sent."', async () => {
    const { calls } = approved({ feedback_rating: false });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 3, name: 'Rate your experience' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '5 stars' }));
    const sent = await screen.findByText('Your feedback was sent.');
    await waitFor(() => expect(document.activeElement).toContainElement(sent));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\//), '_blank', 'noopener,noreferrer');
    expect(calls).toEqual([{ feedback: { rating: 5, message: '' } }]);
    expect(sessionStore.getState().user?.feedback_rating).toBe(true);
    open.mockRestore();
  });

  it('other statuses on the dashboard show no Approved panel', async () => {
    signInAs({ workflow_status: 'ready_for_review', loan_type: 'refinancing', feedback_rating: false });
    shell();
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rate your experience' })).not.toBeInTheDocument();
  });
});

describe('dashboard: loan widgets (spec §2 Dashboard)', { timeout: 20_000 }, () => {
  it('an opened loan: progress, its scheduled payments and the loan history', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true, paid_off: false });
    servicingHandlers({ transactions: [scheduled({ id: 5, amount: 12_345 })] });
    renderRoute('/dashboard');
    const progress = await screen.findByRole('region', { name: 'Loan progress' });
    expect(within(progress).getByRole('img', { name: '66.6% paid' })).toBeInTheDocument();
    const scheduledTable = await screen.findByRole('table', { name: 'Scheduled payments' });
    expect(await within(scheduledTable).findByText('$123.45')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Loan history' });
    expect(within(history).getByRole('link', { name: 'Loan 2026-11-0041' })).toBeInTheDocument();
    expect(screen.queryByText('Coming in the dashboard release')).not.toBeInTheDocument();
  });

  it('no opened loan: no progress, only the history (a Finished loan labelled so)', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true, paid_off: true });
    servicingHandlers({ loan: null, history: [servicingLoan({ loan_status: 'closed_paid', principal_balance: 0 })] });
    renderRoute('/dashboard');
    const history = await screen.findByRole('region', { name: 'Loan history' });
    expect(within(history).getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Loan progress' })).not.toBeInTheDocument();
  });
});

describe('dashboard: the status gate (§6)', { timeout: 20_000 }, () => {
  it('an applicant on a step is sent to the route of their status', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    shell();
    const { router } = renderRoute('/dashboard/personal-information');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan_terms'), { timeout: 5000 });
  });

  it('a review-stage applicant stays on the dashboard', async () => {
    signInAs({ workflow_status: 'review_allotment' });
    shell();
    servicingHandlers();
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('region', { name: 'Loan history' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a refinancing loan type, or a borrower with a loan, keeps the dashboard on any step', async () => {
    signInAs({ workflow_status: 'about_yourself', has_loan: true });
    shell();
    servicingHandlers();
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('region', { name: 'Loan history' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('dashboard: servicer flags (spec §1/§2)', { timeout: 20_000 }, () => {
  it('hasJackHenry shows a Payment button to /payment; hasNelNet a full page link with the token', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true, has_jack_henry: true, has_nelnet: true }, 'tok-9');
    shell();
    servicingHandlers();
    renderRoute('/dashboard');
    expect(await screen.findByRole('link', { name: 'Payment' }, { timeout: 5000 })).toHaveAttribute('href', '/payment');
    const servicer = screen.getByRole('link', { name: 'Manage your loan at our servicer' });
    expect(new URL(servicer.getAttribute('href') ?? '').searchParams.get('token')).toBe('tok-9');
    expect(servicer).not.toHaveAttribute('target');
  });

  it('without the flags, neither button', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    shell();
    servicingHandlers();
    renderRoute('/dashboard');
    expect(await screen.findByRole('region', { name: 'Loan history' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage your loan at our servicer' })).not.toBeInTheDocument();
  });
});

describe('dashboard: the pending-refinance modal (newflow §2)', { timeout: 20_000 }, () => {
  it('shows once per session while a refinance waits for the borrower; not for one under review', async () => {
    window.sessionStorage.clear();
    approved({ workflow_status: 'refinancing_review', loan_type: 'refinancing' });
    servicingHandlers({ loan: servicingLoan({ refinance_in_progress: true }) });
    const first = renderRoute('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Your refinance is waiting for you' });
    expect(within(dialog).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();
    renderRoute('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your refinance is waiting for you' })).not.toBeInTheDocument());
  });

  it('no modal for a refinance under review', async () => {
    window.sessionStorage.clear();
    approved({ workflow_status: 'ready_for_review', loan_type: 'refinancing' });
    servicingHandlers({ loan: servicingLoan({ refinance_in_progress: true, is_under_review: true }) });
    renderRoute('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog', { name: 'Your refinance is waiting for you' })).not.toBeInTheDocument();
  });
});

describe('dashboard: a funded borrower (issue #33)', { timeout: 30_000 }, () => {
  it('the loan card leads with the next payment; no "Approved" message; the rating follows as a secondary card', async () => {
    approved({ feedback_rating: false, has_loan: true, eligible_for_refinance: true });
    servicingHandlers({ loan: servicingLoan({ next_payment: { amount: 15_012, due_date: '2026-12-15' } }) });
    renderRoute('/dashboard');
    const progress = await screen.findByRole('region', { name: 'Loan progress' }, { timeout: 5000 });
    expect(within(progress).getByTestId('next-payment')).toHaveTextContent('Next payment $150.12 on 12/15/2026');
    expect(screen.queryByText('Approved')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your application' })).not.toBeInTheDocument();
    const more = screen.getByRole('region', { name: 'More for you' });
    expect(within(more).getByRole('heading', { level: 3, name: 'Rate your experience' })).toBeInTheDocument();
    expect(within(more).getByRole('link', { name: 'See your refinance terms' })).toBeInTheDocument();
    // The loan card comes first in the page's order.
    expect(progress.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('already rated and not eligible to refinance: no secondary card at all', async () => {
    approved({ feedback_rating: true, has_loan: true, eligible_for_refinance: false });
    servicingHandlers();
    renderRoute('/dashboard');
    await screen.findByRole('region', { name: 'Loan progress' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'More for you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your application' })).not.toBeInTheDocument();
  });

  it('a past-due next payment with no date left reads "due now"; an answer without one shows no line', async () => {
    approved({ has_loan: true });
    servicingHandlers({ loan: servicingLoan({ loan_status: 'default', days_past_due: 40, next_payment: { amount: 200_000, due_date: null } }) });
    const first = renderRoute('/dashboard');
    const progress = await screen.findByRole('region', { name: 'Loan progress' }, { timeout: 5000 });
    expect(within(progress).getByTestId('next-payment')).toHaveTextContent('Next payment $2,000.00, due now');
    first.unmount();
    servicingHandlers({ loan: servicingLoan({ next_payment: null }) });
    renderRoute('/dashboard');
    const again = await screen.findByRole('region', { name: 'Loan progress' }, { timeout: 5000 });
    expect(within(again).queryByTestId('next-payment')).not.toBeInTheDocument();
  });

  it('the funded loan shows without a reload: the session check says has_loan, the loans are read again', async () => {
    approved({ feedback_rating: true, has_loan: false });
    const world: { funded: boolean } = { funded: false };
    const applying = servicingLoan({ id: 77, identifier: '', loan_status: 'pending', next_payment: null });
    const loan = servicingLoan({ next_payment: { amount: 15_000, due_date: '2026-12-15' } });
    servicingHandlers({ loan: null, applying });
    server.use(
      http.get(api('/loans/ongoing_loans'), () => HttpResponse.json(world.funded ? { opened_loan: { loan } } : { applying_loan: { loan: applying } })),
      http.get(api('/loans/history'), () => HttpResponse.json({ loans: world.funded ? [loan] : [] })),
      http.get(api('/token_is_valid'), () =>
        HttpResponse.json({ ...sessionAnswer({ workflow_status: 'approved', feedback_rating: true }), has_loan: world.funded }),
      ),
    );
    renderRoute('/dashboard');
    expect(await screen.findByText('No loans yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your application' })).toBeInTheDocument();
    // Staff fund the loan: the dashboard polls the session while the loan is on its way.
    world.funded = true;
    const progress = await screen.findByRole('region', { name: 'Loan progress' }, { timeout: 12_000 });
    expect(within(progress).getByTestId('next-payment')).toHaveTextContent('Next payment $150.00 on 12/15/2026');
    expect(screen.queryByText('No loans yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your application' })).not.toBeInTheDocument();
  });
});

describe('dashboard: a loan paid in full (issue #33)', { timeout: 20_000 }, () => {
  it('"Paid in full on MM/DD/YYYY", a congratulation and the documents link; no payment call to action', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true, paid_off: true, has_loan: true });
    servicingHandlers({
      loan: null,
      history: [servicingLoan({ loan_status: 'closed_paid', principal_balance: 0, next_payment: null, paid_off_on: '2026-11-02' })],
    });
    renderRoute('/dashboard');
    const card = await screen.findByRole('region', { name: 'Paid in full on 11/02/2026' }, { timeout: 5000 });
    expect(within(card).getByText(/Congratulations!/)).toHaveTextContent('Your loan 2026-11-0041 is paid in full');
    expect(within(card).getByRole('link', { name: "See the loan's documents and statements" })).toHaveAttribute(
      'href',
      '/dashboard/loans-and-payments/loan-history/2026-11-0041',
    );
    expect(screen.queryByRole('link', { name: 'Make a payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your application' })).not.toBeInTheDocument();
  });

  it('a paid loan followed by a new application in progress shows no paid-in-full card', async () => {
    signInAs({ workflow_status: 'ready_for_review', paid_off: true, has_loan: true });
    servicingHandlers({
      loan: null,
      applying: servicingLoan({ id: 90, identifier: '', loan_status: 'pending' }),
      history: [servicingLoan({ loan_status: 'closed_paid', paid_off_on: '2026-11-02' })],
    });
    renderRoute('/dashboard');
    await screen.findByRole('region', { name: 'Loan history' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: /Paid in full/ })).not.toBeInTheDocument();
  });
});
