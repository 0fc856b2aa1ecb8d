import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { agreementHandler, captchaOk, navigationStackHandler, sessionAnswer, statesHandler } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { FINGERPRINT_STORAGE_KEY } from '../../lib/fingerprint';
import { sessionStore } from '../../lib/session-store';

async function chooseState(user: ReturnType<typeof userEvent.setup>, name = 'Delaware') {
  await user.selectOptions(await screen.findByLabelText('State of residence'), name);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText(name, { selector: 'strong' });
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'Abcdefg1');
  await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg1');
  await user.click(screen.getByRole('checkbox'));
}

describe('/signup: state of residence', () => {
  it("says the state can't be blank when continuing without one", async () => {
    server.use(statesHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText(MSG.stateBlank)).toBeInTheDocument();
    expect(screen.getByLabelText('State of residence')).toHaveAttribute('aria-invalid', 'true');
  });

  it('an unsupported state says so at once and disables Continue', async () => {
    server.use(statesHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await user.selectOptions(await screen.findByLabelText('State of residence'), 'Arkansas');
    expect(screen.getByText(MSG.stateUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('State of residence'), 'Delaware');
    expect(screen.queryByText(MSG.stateUnavailable)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows Sign up / Sign in tabs and a link to sign in, titled Check your rate', async () => {
    server.use(statesHandler());
    renderRoute('/signup');
    const tabs = await screen.findByRole('navigation', { name: 'Account access' });
    expect(within(tabs).getByRole('link', { name: 'Sign up' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getAllByRole('link', { name: 'Sign in' }).some((link) => link.getAttribute('href') === '/signin')).toBe(true);
    await waitFor(() => expect(document.title).toBe('Check your rate · Payrail'));
  });
});

describe('/signup: the form', () => {
  it('keeps Sign up disabled until every field is valid and the terms are ticked', async () => {
    server.use(statesHandler(), agreementHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg1');
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('shows the password rules live, and spaces cannot be typed', async () => {
    server.use(statesHandler(), agreementHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    const rules = screen.getByRole('list', { name: 'Password rules' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('At least 8 characters (to do)'));
    await user.type(password, 'ab c1');
    expect(password).toHaveValue('abc1');
    expect(within(rules).getByText('A number')).toHaveTextContent('A number (done)');
    expect(within(rules).getByText('A lowercase letter')).toHaveTextContent('(done)');
    expect(within(rules).getByText('An uppercase letter')).toHaveTextContent('(to do)');
    expect(within(rules).getByText('At least 8 characters')).toHaveTextContent('(to do)');
    await user.type(password, 'DEFGH');
    expect(within(rules).getByText('At least 8 characters')).toHaveTextContent('(done)');
  });

  it("says 'password does not match' for a different confirmation", async () => {
    server.use(statesHandler(), agreementHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg2');
    await user.tab();
    expect(await screen.findByText(MSG.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks an answered confirmation again when the password changes, and not before it is answered', async () => {
    server.use(statesHandler(), agreementHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1');
    await user.tab();
    expect(screen.queryByText(MSG.required)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg1');
    await user.tab();
    expect(screen.queryByText(MSG.passwordMismatch)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(await screen.findByText(MSG.passwordMismatch)).toBeInTheDocument();
  });

  it('wants a referral code longer than 3 characters, when one is given', async () => {
    server.use(statesHandler(), agreementHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    await fillValidForm(user);
    const referral = screen.getByLabelText(/Referral code/);
    await user.type(referral, 'ABC');
    await user.tab();
    expect(await screen.findByText('A referral code has more than 3 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    await user.type(referral, 'D');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled());
  });

  it('sends fingerprint, agreements, loan_borrower and the tracking parameters, then goes to /email_validation', async () => {
    sessionStore.setTracking({ utm_source: 'newsletter', utm_campaign: 'spring', http_referer: 'https://news.example/' });
    let sent: Record<string, unknown> | null = null;
    let query: URLSearchParams | null = null;
    let captchaToken: unknown = null;
    server.use(
      statesHandler(),
      agreementHandler(),
      http.post(api('/captcha'), async ({ request }) => {
        captchaToken = ((await request.json()) as { token: string }).token;
        return HttpResponse.json({ success: true });
      }),
      http.post(api('/signup'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ id: 31, email: 'ana@example.com' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signup');
    await chooseState(user);
    await fillValidForm(user);
    await user.type(screen.getByLabelText(/Referral code/), 'jordan25');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/email_validation'));
    expect(captchaToken).toEqual(expect.any(String));
    expect(sent).toEqual({
      application_member: { email: 'ana@example.com', password: 'Abcdefg1', password_confirmation: 'Abcdefg1' },
      fingerprint: localStorage.getItem(FINGERPRINT_STORAGE_KEY),
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: 8, employer_id: null, friend_refer_code: 'jordan25' },
    });
    expect(query!.get('utm_source')).toBe('newsletter');
    expect(query!.get('utm_campaign')).toBe('spring');
    expect(query!.get('http_referer')).toBe('https://news.example/');
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.signupSuccess })]);
    expect(sessionStore.getState().pendingEmail).toBe('ana@example.com');
    expect(sessionStore.getToken()).toBeNull();
    expect(await screen.findByText('ana@example.com', { selector: 'strong' })).toBeInTheDocument();
  });

  it("shows 'Error on signup!' and the first message of each field under it", async () => {
    server.use(
      statesHandler(),
      agreementHandler(),
      captchaOk(),
      http.post(api('/signup'), () =>
        HttpResponse.json(
          {
            errors: {
              email: ['has already been taken', 'is invalid'],
              friend_refer_code: [MSG.referralNotFound],
              password_confirmation: ["doesn't match Password"],
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    await fillValidForm(user);
    await user.type(screen.getByLabelText(/Referral code/), 'NOPE1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Email has already been taken')).toBeInTheDocument();
    expect(screen.getByText(MSG.referralNotFound)).toBeInTheDocument();
    expect(screen.getByText("Password Confirmation doesn't match Password")).toBeInTheDocument();
    expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: MSG.signupError })]);
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('stops when the captcha fails', async () => {
    let signedUp = false;
    server.use(
      statesHandler(),
      agreementHandler(),
      http.post(api('/captcha'), () => HttpResponse.json({ error: MSG.captchaFailed }, { status: 422 })),
      http.post(api('/signup'), () => {
        signedUp = true;
        return HttpResponse.json({ id: 1, email: 'x@y.co' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: MSG.captchaFailed })]));
    expect(signedUp).toBe(false);
  });

  it('links the privacy notice and the e-communications consent to their documents, in a new window', async () => {
    server.use(statesHandler(), agreementHandler());
    const user = userEvent.setup();
    renderRoute('/signup');
    await chooseState(user);
    const privacy = screen.getByRole('link', { name: 'Privacy Notice (opens in a new window)' });
    await waitFor(() => expect(privacy).toHaveAttribute('href', '/api/agreement_documents/privacy_notice/view'));
    expect(privacy).toHaveAttribute('target', '_blank');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Consent to Electronic Communications (opens in a new window)' })).toHaveAttribute(
        'href',
        '/api/agreement_documents/consent_eletronic_comunications/view',
      ),
    );
  });
});

describe('/signup: social sign-up', () => {
  it('signs up with the identity carried over from a failed social sign-in and opens the status page', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      statesHandler(),
      agreementHandler(),
      captchaOk(),
      http.post(api('/signup'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 40, email: 'casey@payrail.test' }, { status: 201, headers: { authorization: 'social-token' } });
      }),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ id: 40, email: 'casey@payrail.test', workflow_status: 'about_yourself' }))),
      navigationStackHandler('about_yourself'),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/signup');
    await router.navigate('/signup', {
      state: { socialSignup: true, signupObject: { google_token: 'sandbox.abc.def', email: 'casey@payrail.test', name: 'Casey Morgan' } },
    });
    await chooseState(user);
    expect(screen.getByText('casey@payrail.test', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create my account' });
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    await user.click(create);

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'));
    expect(sent).toMatchObject({
      application_member: { google_token: 'sandbox.abc.def' },
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: 8, employer_id: null },
    });
    expect(sessionStore.getToken()).toBe('social-token');
    expect(sessionStore.getState().user).toMatchObject({ id: 40, workflow_status: 'about_yourself' });
  });
});
