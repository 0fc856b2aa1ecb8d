import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { captchaOk, navigationStackHandler, sessionAnswer, signInAs, statesHandler } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import * as navigation from '@payrail/client/navigation';
import { sessionStore } from '../../lib/session-store';

const loginData = (overrides: Record<string, unknown> = {}) => ({
  data: {
    id: 7,
    email: 'ana@example.com',
    workflow_status: 'about_yourself',
    loan_type: 'new',
    feedback_rating: false,
    refinancing: false,
    new_flow: false,
    loan_borrower: { first_name: 'Ana', last_name: 'Lima', employer_id: null, refer_code: 'ANA1234', referred_by: null, state_id: 8 },
    ...overrides,
  },
});

async function typeCredentials(user: ReturnType<typeof userEvent.setup>, password = 'Abcdefg1') {
  await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), password);
}

afterEach(() => vi.restoreAllMocks());

describe('/signin', () => {
  it('clears all stored client state on the way in', async () => {
    sessionStore.setPendingEmail('old@example.com');
    sessionStore.setNavigationStack(['employer']);
    sessionStore.setTracking({ utm_source: 'ad' });
    renderRoute('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, navigationStack: [], pendingEmail: null, tracking: { utm_source: 'ad' } });
  });

  it('sends a signed-in borrower to the page of their status', async () => {
    signInAs({ workflow_status: 'phone_verification' });
    const { router } = renderRoute('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(sessionStore.getToken()).toBe('session-token');
  });

  it('needs a valid e-mail before Continue, and links to password reset and sign-up', async () => {
    const user = userEvent.setup();
    renderRoute('/signin');
    const submit = await screen.findByRole('button', { name: 'Continue' });
    await user.type(screen.getByLabelText('Email'), 'ana@example');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(submit).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot_password');
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('link', { name: 'Sign up' })
        .every((link) => link.getAttribute('href') === '/signup'),
    ).toBe(true);
  });

  it('shows a wrong password on the form, without the session-expired warning', async () => {
    server.use(
      captchaOk(),
      http.post(api('/login'), () => HttpResponse.json({ error: MSG.invalidCredentials }, { status: 401 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signin');
    await typeCredentials(user, 'Wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
    expect(notify.list()).toEqual([]);
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('sends an unconfirmed account to /email_validation with an info notice', async () => {
    server.use(
      captchaOk(),
      http.post(api('/login'), () => HttpResponse.json({ error: MSG.unconfirmedEmail }, { status: 401 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signin');
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email_validation'));
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'info', message: MSG.unconfirmedEmail })]);
    expect(sessionStore.getState().pendingEmail).toBe('ana@example.com');
  });

  it('stores token and account, reads the navigation stack and opens the page of the current status, with tracking in the query', async () => {
    sessionStore.setTracking({ utm_medium: 'email' });
    let query: URLSearchParams | null = null;
    let body: unknown = null;
    server.use(
      captchaOk(),
      http.post(api('/login'), async ({ request }) => {
        query = new URL(request.url).searchParams;
        body = await request.json();
        return HttpResponse.json(loginData({ workflow_status: 'employer' }), { headers: { authorization: 'new-token' } });
      }),
      navigationStackHandler('phone_verification', ['about_yourself', 'employer', 'phone_verification']),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'phone_verification' }))),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signin');
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(body).toEqual({ application_member: { email: 'ana@example.com', password: 'Abcdefg1' } });
    expect(query!.get('utm_medium')).toBe('email');
    expect(sessionStore.getToken()).toBe('new-token');
    expect(sessionStore.getState().navigationStack).toEqual(['about_yourself', 'employer', 'phone_verification']);
    expect(sessionStore.getState().user).toMatchObject({ id: 7, first_name: 'Ana', workflow_status: 'phone_verification' });
  });

  it("sends a new-flow account (the server's new_flow) to the new flow's page of a status both flows share", async () => {
    server.use(
      captchaOk(),
      http.post(api('/login'), () => HttpResponse.json(loginData({ workflow_status: 'approved', new_flow: true }), { headers: { authorization: 'nf-token' } })),
      navigationStackHandler('approved', []),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'approved', new_flow: true }))),
      http.get(api('/applicationflow/application_step/approved'), () =>
        HttpResponse.json({
          workflow_status_key: 'approved',
          current_status: 'approved',
          new_status: null,
          finalized_application: true,
          first_name: 'Ana',
          last_name: 'Lima',
          reapply_date: null,
          data: { signed: false, funded: false, loan_identifier: null, amount: null },
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signin');
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/newflow/approved'));
    expect(sessionStore.getState().user).toMatchObject({ new_flow: true, workflow_status: 'approved' });
  });

  it('sends a refinancing account to /refinance_terms with a full page load', async () => {
    const redirect = vi.spyOn(navigation, 'redirectFullPage').mockImplementation(() => undefined);
    server.use(
      captchaOk(),
      http.post(api('/login'), () =>
        HttpResponse.json(loginData({ refinancing: true, loan_type: 'refinancing', workflow_status: 'refinancing_loan_terms' }), {
          headers: { authorization: 't' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/signin');
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/refinance_terms'));
  });
});

describe('/signin: social sign-in (sandbox identity provider)', () => {
  const identities = [
    { label: 'Demo borrower (has an account)', email: 'borrower@payrail.test', name: 'Jordan Rivera', google_token: 'sandbox.demo.sig' },
    { label: 'New person (no account yet)', email: 'new.person@payrail.test', name: 'Casey Morgan', google_token: 'sandbox.new.sig' },
  ];

  it('lists the sandbox identities in a dialog; closing it is not an error', async () => {
    server.use(http.get(api('/dev/identities'), () => HttpResponse.json(identities)));
    const user = userEvent.setup();
    renderRoute('/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an account' });
    expect(await within(dialog).findByRole('button', { name: /Jordan Rivera/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.list()).toEqual([]);
  });

  it('an identity with an account signs in', async () => {
    let body: unknown = null;
    server.use(
      http.get(api('/dev/identities'), () => HttpResponse.json(identities)),
      captchaOk(),
      http.post(api('/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(loginData({ email: 'borrower@payrail.test' }), { headers: { authorization: 'social' } });
      }),
      navigationStackHandler('about_yourself'),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ email: 'borrower@payrail.test' }))),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await user.click(await screen.findByRole('button', { name: /Jordan Rivera/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'));
    expect(body).toEqual({ application_member: { google_token: 'sandbox.demo.sig' } });
  });

  it('an unknown identity goes to /signup with the identity, after an info notice', async () => {
    server.use(
      http.get(api('/dev/identities'), () => HttpResponse.json(identities)),
      captchaOk(),
      http.post(api('/login'), () => HttpResponse.json({ error: MSG.noAccountYet }, { status: 401 })),
      statesHandler(),
      http.get(api('/agreement_document'), () => HttpResponse.json({ error: 'x' }, { status: 404 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await user.click(await screen.findByRole('button', { name: /Casey Morgan/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.state).toEqual({
      socialSignup: true,
      signupObject: { google_token: 'sandbox.new.sig', email: 'new.person@payrail.test', name: 'Casey Morgan' },
    });
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'info', message: MSG.noAccountYet })]);
    await user.selectOptions(await screen.findByLabelText('State of residence'), 'Delaware');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('new.person@payrail.test', { selector: 'strong' })).toBeInTheDocument();
  });

  it("any other social failure says 'Error on signin'", async () => {
    server.use(
      http.get(api('/dev/identities'), () => HttpResponse.json(identities)),
      captchaOk(),
      http.post(api('/login'), () => HttpResponse.json({ error: MSG.socialSigninError }, { status: 401 })),
    );
    const user = userEvent.setup();
    renderRoute('/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await user.click(await screen.findByRole('button', { name: /Jordan Rivera/ }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: MSG.socialSigninError })]));
  });

  it("a provider that cannot start says 'Error on signin'", async () => {
    server.use(http.get(api('/identity/config'), () => HttpResponse.json({ error: 'down' }, { status: 500 })));
    const user = userEvent.setup();
    renderRoute('/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: MSG.socialSigninError })]));
  });
});
