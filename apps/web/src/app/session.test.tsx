import { act, screen, waitFor } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { sessionAnswer, signInAs } from '../../test/fixtures';
import { api, server } from '../../test/msw-server';
import { renderRoute } from '../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { sessionStore } from '../lib/session-store';

describe('session on protected pages', () => {
  it('checks the session on the way in and keeps the account it answers', async () => {
    signInAs({ workflow_status: 'loan_terms' });
    let checks = 0;
    server.use(
      http.get(api('/token_is_valid'), () => {
        checks += 1;
        return HttpResponse.json(sessionAnswer({ workflow_status: 'loan_terms', phone: '+12025550142', has_jack_henry: true }));
      }),
    );
    renderRoute('/loan_terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan Terms' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().user).toMatchObject({ phone: '+12025550142', has_jack_henry: true }));
    expect(checks).toBeGreaterThanOrEqual(1);
  });

  it('a failed check (not a 401) clears everything and goes to /signup', async () => {
    // A page that makes no calls of its own, so only the session check matters here.
    signInAs({ workflow_status: 'refinancing_review' });
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json({ error: 'gone' }, { status: 404 })),
      http.get(api('/states'), () => HttpResponse.json([])),
    );
    const { router } = renderRoute('/refinance_review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'), { timeout: 5000 });
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('a 401 warns and goes to /signin', async () => {
    signInAs({ workflow_status: 'refinancing_review' });
    server.use(http.get(api('/token_is_valid'), () => HttpResponse.json({ error: MSG.signInRequired }, { status: 401 })));
    const { router } = renderRoute('/refinance_review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'warning', message: MSG.signInRequired })]);
    expect(sessionStore.getToken()).toBeNull();
  });

  it('sends a status page visited in another status to the page of the current status', async () => {
    signInAs({ workflow_status: 'refinancing_review' });
    const { router } = renderRoute('/bank_accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/refinance_review'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Information' })).toBeInTheDocument();
  });

  it('status screens poll every 5000 ms and follow a status changed elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs({ workflow_status: 'loan_terms' });
    let status: TWorkflowStatus = 'loan_terms';
    let checks = 0;
    server.use(
      http.get(api('/token_is_valid'), () => {
        checks += 1;
        return HttpResponse.json(sessionAnswer({ workflow_status: status }));
      }),
    );
    const { router } = renderRoute('/loan_terms');
    await screen.findByRole('heading', { level: 1, name: 'Loan Terms' });
    await waitFor(() => expect(checks).toBeGreaterThan(0));
    const before = checks;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await waitFor(() => expect(checks).toBeGreaterThan(before));
    status = 'bank_link';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank_link'));
  });

  it('shows the old-flow stepper on steps above 0, refinance steps for refinancing loans', async () => {
    signInAs({ workflow_status: 'esignature_needed' });
    const first = renderRoute('/esignature');
    const stepper = await screen.findByRole('navigation', { name: 'Application progress' });
    expect(stepper).toHaveTextContent('About Yourself');
    expect(screen.getByText('Get Approved').closest('li')).toHaveAttribute('aria-current', 'step');
    first.unmount();
    signInAs({ workflow_status: 'refinancing_review', loan_type: 'refinancing' });
    renderRoute('/refinance_review');
    await screen.findByRole('heading', { level: 1, name: 'Update Information' });
    expect(screen.getByRole('navigation', { name: 'Application progress' })).toHaveTextContent('Terms and Conditions');
    expect(screen.getByText('Update Information', { selector: 'li span' }).closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('has no stepper at step 0 (about yourself)', async () => {
    signInAs({ workflow_status: 'about_yourself' });
    renderRoute('/application/about_yourself');
    await screen.findByRole('heading', { level: 1, name: 'About Yourself' });
    expect(screen.queryByRole('navigation', { name: 'Application progress' })).not.toBeInTheDocument();
  });

  it('old-flow header: a Log out button, and Dashboard only for refinancing loans', async () => {
    signInAs({ workflow_status: 'refinancing_loan_terms', loan_type: 'refinancing' });
    renderRoute('/refinance_terms');
    await screen.findByRole('heading', { level: 1, name: 'Refinance Terms' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});

describe('home', () => {
  it('shows the status panel title for root statuses, and polls', async () => {
    signInAs({ workflow_status: 'application_submitted' });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeInTheDocument();
    expect(screen.getByText('In Analysis')).toBeInTheDocument();
  });

  it("says 'Not Qualified' with the reason for a denial that has one", async () => {
    signInAs({ workflow_status: 'denied', not_qualified_reason: 'Active-duty military members are not eligible.' });
    server.use(http.get(api('/reapply'), () => HttpResponse.json({ could_reapply_on: 'never' })));
    renderRoute('/');
    expect(await screen.findByText('Not Qualified')).toBeInTheDocument();
    expect(screen.getByText('Active-duty military members are not eligible.')).toBeInTheDocument();
  });

  it('opens the page of a status that has one', async () => {
    signInAs({ workflow_status: 'about_yourself' });
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'));
  });

  it('sends approved borrowers to the dashboard', async () => {
    signInAs({ workflow_status: 'approved' });
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json([])),
      http.get(api('/benefits'), () => HttpResponse.json({ level: 'zero', color: '#ccc', read: true })),
      http.get(api('/banners'), () => HttpResponse.json([])),
    );
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
