import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMPLOYER_CODE_FAILED, EMPLOYER_LOGIN_FAILED } from '@payrail/contract/employer-portal';
import { axeViolations } from '../../../test/axe';
import { HR_ADMIN, portalHandlers, signIn } from '../../../test/fixtures';
import { ep, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { EMPLOYER_SESSION_KEY, employerSession } from '../../lib/employer-session';

const emptyPages = portalHandlers;

async function enterPassword(email = 'hr@acme.test', password = 'Correct-horse-1') {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('employer sign-in', () => {
  it('asks for the password, then the authenticator code, stores the session and opens Deductions', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(ep('/login'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ second_factor_required: true, challenge: 'ch-1', enrolment_required: false });
      }),
      http.post(ep('/login/otp'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(HR_ADMIN, { headers: { authorization: 'Bearer session-1' } });
      }),
      http.get(ep('/me'), () => HttpResponse.json(HR_ADMIN)),
      ...emptyPages,
    );
    const { router } = renderRoute('/signin');
    expect(await axeViolations()).toEqual([]);
    const user = await enterPassword();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Enter your authenticator code' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await axeViolations()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Deductions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deductions');
    expect(bodies).toEqual([
      { email: 'hr@acme.test', password: 'Correct-horse-1' },
      { challenge: 'ch-1', code: '123456' },
    ]);
    expect(employerSession.getToken()).toBe('Bearer session-1');
    expect(JSON.parse(localStorage.getItem(EMPLOYER_SESSION_KEY) ?? '{}')).toMatchObject({ token: 'Bearer session-1', user: HR_ADMIN });
    // The header: the employer, the user and a way out; the four pages.
    expect(screen.getByText('Acme Logistics')).toBeInTheDocument();
    expect(screen.getByText('Harriet Ross')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Employer portal' });
    expect(nav).toHaveTextContent('DeductionsRemittancesVerificationsChanges');
    expect(screen.getByRole('link', { name: 'Deductions' })).toHaveAttribute('aria-current', 'page');
  });

  it('signs in with a recovery code instead', async () => {
    let otpBody: unknown = null;
    server.use(
      http.post(ep('/login'), () => HttpResponse.json({ second_factor_required: true, challenge: 'ch-2', enrolment_required: false })),
      http.post(ep('/login/otp'), async ({ request }) => {
        otpBody = await request.json();
        return HttpResponse.json(HR_ADMIN, { headers: { authorization: 'Bearer session-2' } });
      }),
      http.get(ep('/me'), () => HttpResponse.json(HR_ADMIN)),
      ...emptyPages,
    );
    renderRoute('/signin');
    const user = await enterPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'abcd-e12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deductions' })).toBeInTheDocument();
    expect(otpBody).toEqual({ challenge: 'ch-2', recovery_code: 'ABCDE12345' });
  });

  it('says a wrong code is wrong, and a locked account what to do, without ending anything', async () => {
    let calls = 0;
    server.use(
      http.post(ep('/login'), () => HttpResponse.json({ second_factor_required: true, challenge: 'ch-3', enrolment_required: false })),
      http.post(ep('/login/otp'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: EMPLOYER_CODE_FAILED }, { status: 401 })
          : HttpResponse.json({ error: 'Too many wrong codes. Your account is locked for 15 minutes.' }, { status: 429 });
      }),
    );
    const { router } = renderRoute('/signin');
    const user = await enterPassword();
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMPLOYER_CODE_FAILED);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many wrong codes. Your account is locked for 15 minutes.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(employerSession.getToken()).toBeNull();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  it('validates the code before calling the server', async () => {
    server.use(http.post(ep('/login'), () => HttpResponse.json({ second_factor_required: true, challenge: 'ch-4', enrolment_required: false })));
    renderRoute('/signin');
    const user = await enterPassword();
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '12ab');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '6-digit code' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server message for a wrong password', async () => {
    server.use(http.post(ep('/login'), () => HttpResponse.json({ error: EMPLOYER_LOGIN_FAILED }, { status: 401 })));
    renderRoute('/signin');
    await enterPassword('hr@acme.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMPLOYER_LOGIN_FAILED);
    expect(employerSession.getToken()).toBeNull();
  });

  it('sets up the authenticator app when the account never finished it', async () => {
    server.use(
      http.post(ep('/login'), () => HttpResponse.json({ second_factor_required: true, challenge: 'ch-5', enrolment_required: true })),
      http.post(ep('/totp/enrol'), () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/x',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          enrolment_token: 'enrol-5',
        }),
      ),
    );
    renderRoute('/signin');
    await enterPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  });
});

describe('signed-in shell', () => {
  it('returns to sign-in when the session has ended', async () => {
    employerSession.setToken('Bearer old');
    employerSession.setUser(HR_ADMIN);
    server.use(
      http.get(ep('/me'), () => HttpResponse.json({ error: 'Your session has ended.' }, { status: 401 })),
      ...emptyPages,
    );
    const { router } = renderRoute('/deductions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(employerSession.getToken()).toBeNull();
  });

  it('signs out', async () => {
    signIn();
    let loggedOut = false;
    server.use(
      http.delete(ep('/logout'), () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
      ...emptyPages,
    );
    const { router } = renderRoute('/deductions');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Deductions' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem(EMPLOYER_SESSION_KEY)).toBeNull();
  });

  it('moves focus to the new page after a move in the navigation', async () => {
    signIn();
    server.use(...portalHandlers);
    renderRoute('/deductions');
    await screen.findByRole('heading', { level: 1, name: 'Deductions' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Remittances' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Remittances' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Remittances' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends visitors without a session to sign-in', async () => {
    const { router } = renderRoute('/remittances');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: 'Employer portal sign in' })).toBeInTheDocument();
  });
});
