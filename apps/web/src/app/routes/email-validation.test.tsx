import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { navigationStackHandler, sessionAnswer } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { sessionStore } from '../../lib/session-store';

describe('/email_validation', () => {
  it('upper-cases the code as typed, keeps 6 characters and enables Continue above 4', async () => {
    const user = userEvent.setup();
    renderRoute('/email_validation');
    const input = await screen.findByLabelText('Confirmation code');
    const submit = screen.getByRole('button', { name: 'Continue' });
    await user.type(input, 'ab 1c');
    expect(input).toHaveValue('AB1C');
    expect(submit).toBeDisabled();
    await user.type(input, 'd9zz');
    expect(input).toHaveValue('AB1CD9');
    expect(input).toHaveAttribute('maxLength', '6');
    expect(submit).toBeEnabled();
  });

  it('confirms without the token header, adopts the new token and opens the page of the status', async () => {
    sessionStore.setToken('stale-token');
    sessionStore.setPendingEmail('ana@example.com');
    let sentAuth: string | null = 'unset';
    let token: string | null = null;
    server.use(
      http.get(api('/confirmation'), ({ request }) => {
        sentAuth = request.headers.get('authorization');
        token = new URL(request.url).searchParams.get('confirmation_token');
        return HttpResponse.json({ email: 'ana@example.com', workflow_status: 'about_yourself' }, { headers: { authorization: 'fresh-token' } });
      }),
      http.get(api('/token_is_valid'), ({ request }) =>
        request.headers.get('authorization') === 'fresh-token' ? HttpResponse.json(sessionAnswer()) : HttpResponse.json({ error: 'no' }, { status: 401 }),
      ),
      navigationStackHandler('about_yourself'),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/email_validation');
    expect(await screen.findByText('ana@example.com', { selector: 'strong' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), 'k7p2qx');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'));
    expect(sentAuth).toBeNull();
    expect(token).toBe('K7P2QX');
    expect(sessionStore.getToken()).toBe('fresh-token');
    expect(sessionStore.getState().pendingEmail).toBeNull();
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.accountConfirmed })]);
  });

  it("shows 'Confirmation token {message}.' under the field", async () => {
    server.use(http.get(api('/confirmation'), () => HttpResponse.json({ errors: { confirmation_token: ['is invalid'] } }, { status: 422 })));
    const user = userEvent.setup();
    const { router } = renderRoute('/email_validation');
    await user.type(await screen.findByLabelText('Confirmation code'), 'AAAAA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Confirmation token is invalid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmation code')).toHaveAccessibleDescription(expect.stringContaining('Confirmation token is invalid.'));
    expect(router.state.location.pathname).toBe('/email_validation');
  });

  it("shows 'Account {message}.' and goes to sign-in for an account error", async () => {
    server.use(
      http.get(api('/confirmation'), () => HttpResponse.json({ errors: { email: ['was already confirmed, please try signing in'] } }, { status: 422 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/email_validation');
    await user.type(await screen.findByLabelText('Confirmation code'), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: 'Account was already confirmed, please try signing in.' })]);
  });

  it('resends the code to the remembered e-mail', async () => {
    sessionStore.setPendingEmail('ana@example.com');
    let body: unknown = null;
    server.use(
      http.post(api('/confirmation/resend_confirmation'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ email: 'ana@example.com' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/email_validation');
    await user.click(await screen.findByRole('button', { name: 'Resend the code' }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: 'We sent a new code to ana@example.com.' })]));
    expect(body).toEqual({ application_member: { email: 'ana@example.com' } });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
  });

  it('asks for the e-mail when none is remembered', async () => {
    server.use(http.post(api('/confirmation/resend_confirmation'), () => HttpResponse.json({ errors: { email: ['not found'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute('/email_validation');
    await user.click(await screen.findByRole('button', { name: 'Resend the code' }));
    await user.type(screen.getByLabelText('Your e-mail'), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Email not found.')).toBeInTheDocument();
  });
});
