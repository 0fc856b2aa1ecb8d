import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { STAFF_SESSION_KEY, staffSession } from '../../lib/staff-session';

const dana = { id: 4, email: 'dana@payrail.test', name: 'Dana Reyes', role: 'underwriter' as const };

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('back-office sign-in', () => {
  it('signs in, stores the token from the authorization header and shows the home page', async () => {
    let body: unknown = null;
    let meAuthorization: string | null = null;
    server.use(
      http.post(bo('/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(dana, { headers: { authorization: 'Bearer staff-token-1' } });
      }),
      http.get(bo('/me'), ({ request }) => {
        meAuthorization = request.headers.get('authorization');
        return HttpResponse.json(dana);
      }),
    );
    const { router } = renderRoute('/signin');

    await signIn('dana@payrail.test', 'Correct-horse-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Review queue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(body).toEqual({ email: 'dana@payrail.test', password: 'Correct-horse-1' });
    // The layout asks /me on its own after the page renders; wait for that call rather than race it.
    await waitFor(() => expect(meAuthorization).toBe('Bearer staff-token-1'));
    expect(staffSession.getToken()).toBe('Bearer staff-token-1');
    expect(JSON.parse(localStorage.getItem(STAFF_SESSION_KEY) ?? '{}')).toMatchObject({ token: 'Bearer staff-token-1', staff: dana });
    // Signed-in layout: who and in which role, and the pages of that role.
    expect(screen.getByText('Underwriter', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review queue' })).toHaveAttribute('aria-current', 'page');
  });

  it('takes a servicer to funding, with the applications ready to fund', async () => {
    const sam = { id: 7, email: 'sam@payrail.test', name: 'Sam Servicer', role: 'servicer' as const };
    server.use(
      http.post(bo('/login'), () => HttpResponse.json(sam, { headers: { authorization: 'Bearer staff-token-7' } })),
      http.get(bo('/me'), () => HttpResponse.json(sam)),
    );
    const { router } = renderRoute('/signin');
    await signIn('sam@payrail.test', 'Correct-horse-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Funding' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/funding');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ready to fund' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/');
  });

  it('shows the server message for a wrong password and stays signed out', async () => {
    server.use(http.post(bo('/login'), () => HttpResponse.json({ error: 'Invalid email or password.' }, { status: 401 })));
    const { router } = renderRoute('/signin');

    await signIn('dana@payrail.test', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(router.state.location.pathname).toBe('/signin');
    expect(staffSession.getToken()).toBeNull();
    // A wrong password is not an expired session: no global warning.
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  it('asks to wait after too many attempts', async () => {
    server.use(http.post(bo('/login'), () => HttpResponse.json({ error: 'rate limited' }, { status: 429 })));
    renderRoute('/signin');
    await signIn('dana@payrail.test', 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again later.');
  });

  it('validates the fields before calling the server', async () => {
    renderRoute('/signin');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required.');
  });
});

describe('signed-in shell', () => {
  it('returns to sign-in when the session has expired', async () => {
    staffSession.setToken('Bearer old');
    staffSession.setStaff(dana);
    server.use(http.get(bo('/me'), () => HttpResponse.json({ error: 'Session expired' }, { status: 401 })));
    const { router } = renderRoute('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(staffSession.getToken()).toBeNull();
  });

  it('signs out with DELETE /logout', async () => {
    staffSession.setToken('Bearer live');
    staffSession.setStaff(dana);
    let loggedOut = false;
    server.use(
      http.get(bo('/me'), () => HttpResponse.json(dana)),
      http.delete(bo('/logout'), () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderRoute('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Review queue' });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(loggedOut).toBe(true);
    expect(staffSession.getToken()).toBeNull();
    expect(localStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });

  it('sends visitors without a session to sign-in', async () => {
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: 'Back-office sign in' })).toBeInTheDocument();
  });
});
