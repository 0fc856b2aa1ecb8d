import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { sessionStore } from '../../lib/session-store';

async function askReset(user: ReturnType<typeof userEvent.setup>, email = 'ana@example.com') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('/forgot_password: asking for a link', () => {
  it('sends the e-mail, confirms the link was sent, and Back returns to the form', async () => {
    let body: unknown = null;
    server.use(
      http.post(api('/password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ email: 'ana@example.com' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/forgot_password');
    await askReset(user);
    const sent = await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    expect(sent).toHaveFocus();
    expect(body).toEqual({ application_member: { email: 'ana@example.com', lang: 'en' } });
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.resetSent })]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it("shows 'Email {msg}.' for an e-mail error", async () => {
    server.use(http.post(api('/password'), () => HttpResponse.json({ errors: { email: ['not found'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute('/forgot_password');
    await askReset(user);
    expect(await screen.findByText('Email not found.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('an unconfirmed account gets its confirmation code again and goes to /email_validation', async () => {
    let resentTo: unknown = null;
    server.use(
      http.post(api('/password'), () => HttpResponse.json({ error: MSG.unconfirmedEmail, code: 'unconfirmed_email' }, { status: 422 })),
      http.post(api('/confirmation/resend_confirmation'), async ({ request }) => {
        resentTo = await request.json();
        return HttpResponse.json({ email: 'ana@example.com' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/forgot_password');
    await askReset(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/email_validation'));
    expect(resentTo).toEqual({ application_member: { email: 'ana@example.com' } });
    expect(sessionStore.getState().pendingEmail).toBe('ana@example.com');
  });

  it("any other failure says 'Error on forgot your password!'", async () => {
    server.use(http.post(api('/password'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const user = userEvent.setup();
    renderRoute('/forgot_password');
    await askReset(user);
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: MSG.forgotError })]));
  });
});

describe('/forgot_password/{token}: choosing a new password', () => {
  async function choose(user: ReturnType<typeof userEvent.setup>, password = 'Newpass1', confirmation = password) {
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  }

  it('shows the live rules, saves the password with the token and goes to sign in', async () => {
    let body: unknown = null;
    server.use(
      http.patch(api('/password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ email: 'ana@example.com' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/forgot_password/tok-123');
    expect(await screen.findByRole('list', { name: 'Password rules' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save password' });
    expect(save).toBeDisabled();
    await choose(user);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(body).toEqual({ application_member: { password: 'Newpass1', password_confirmation: 'Newpass1', reset_password_token: 'tok-123' } });
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.passwordUpdated })]);
  });

  it('keeps Save disabled while the confirmation does not match', async () => {
    const user = userEvent.setup();
    renderRoute('/forgot_password/tok-123');
    await choose(user, 'Newpass1', 'Newpass2');
    await user.tab();
    expect(await screen.findByText(MSG.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
  });

  it('says what is wrong with the link instead of the generic message', async () => {
    server.use(
      http.patch(api('/password'), () => HttpResponse.json({ errors: { reset_password_token: ['has expired, please request a new one'] } }, { status: 422 })),
    );
    const user = userEvent.setup();
    renderRoute('/forgot_password/old-token');
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: 'Reset password token has expired, please request a new one' })]),
    );
  });

  it("shows 'Error on saving your password!' and the field errors otherwise", async () => {
    server.use(http.patch(api('/password'), () => HttpResponse.json({ errors: { password: ['is too short (minimum is 8 characters)'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute('/forgot_password/tok');
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password is too short (minimum is 8 characters)')).toBeInTheDocument();
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: MSG.resetSaveError })]);
  });
});
