import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '@payrail/contract/messages';
import { navigationStackHandler, sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { sessionStore } from '../../lib/session-store';

describe('/c/{code}', () => {
  it("shows 'Signing in ...', signs in once with the link and opens the page of the status", async () => {
    sessionStore.setToken('someone-else');
    let calls = 0;
    server.use(
      http.get(api('/c/:code'), async ({ params }) => {
        calls += 1;
        await delay(20);
        return params.code === 'good-code'
          ? HttpResponse.json(
              { new_flow: false, email: 'ana@example.com', workflow_status: 'phone_verification' },
              { headers: { authorization: 'link-token' } },
            )
          : HttpResponse.json({ error: SERVER_MSG.invalidLink }, { status: 404 });
      }),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'phone_verification' }))),
      navigationStackHandler('phone_verification'),
    );
    const { router } = renderRoute('/c/good-code');
    expect(await screen.findByRole('heading', { level: 1, name: MSG.signingIn })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(sessionStore.getToken()).toBe('link-token');
    expect(calls).toBe(1);
  });

  it('a link that does not work goes to /signin and says why', async () => {
    server.use(http.get(api('/c/:code'), () => HttpResponse.json({ error: SERVER_MSG.invalidLink }, { status: 404 })));
    const { router } = renderRoute('/c/used-code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: SERVER_MSG.invalidLink })]);
  });

  it('a new-flow link lands on the page of the status while the new flow is not built', async () => {
    server.use(
      http.get(api('/c/:code'), () =>
        HttpResponse.json({ new_flow: true, email: 'ana@example.com', workflow_status: 'about_yourself' }, { headers: { authorization: 'nf' } }),
      ),
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer())),
      navigationStackHandler('about_yourself'),
    );
    const { router } = renderRoute('/c/new-flow');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/about_yourself'));
  });

  it('a link that does not work goes to /signin and signs nobody out: /signin sends a signed-in borrower to their page', async () => {
    signInAs({ workflow_status: 'phone_verification' }, 'still-me');
    const visited: string[] = [];
    server.use(
      http.get(api('/c/:code'), () => HttpResponse.json({ error: SERVER_MSG.invalidLink }, { status: 404 })),
      navigationStackHandler('phone_verification'),
    );
    const { router } = renderRoute('/c/bad-code');
    router.subscribe((state) => visited.push(state.location.pathname));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/phone_verification'));
    expect(visited).toContain('/signin');
    expect(sessionStore.getToken()).toBe('still-me');
    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: SERVER_MSG.invalidLink })]);
  });
});
