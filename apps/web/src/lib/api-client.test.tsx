import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '../../test/msw-server';
import { renderRoute } from '../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { apiClient, MESSAGES } from './api-client';
import { ApiError } from '@payrail/client/http-client';
import { setNavigator } from '@payrail/client/navigation';
import { pendingRequests } from '@payrail/client/pending-requests';
import { SESSION_STORAGE_KEY, sessionStore } from './session-store';

/** A handler that answers only when the test says so, to observe in-flight state. */
function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

const navigateSpy = vi.fn();
let unsetNavigator: () => void = () => undefined;

beforeEach(() => {
  navigateSpy.mockReset();
  unsetNavigator = setNavigator(navigateSpy);
});
afterEach(() => unsetNavigator());

describe('api-client: token', () => {
  it('sends the stored token and stores a new one from the authorization response header', async () => {
    sessionStore.setToken('old-token');
    let received: string | null = null;
    server.use(
      http.get(api('/users/info'), ({ request }) => {
        received = request.headers.get('authorization');
        return HttpResponse.json({ ok: true }, { headers: { authorization: 'new-token' } });
      }),
    );

    await expect(apiClient.get('/users/info')).resolves.toEqual({ ok: true });
    expect(received).toBe('old-token');
    expect(sessionStore.getToken()).toBe('new-token');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ token: 'new-token' });
  });

  it('sends no token on calls marked public', async () => {
    sessionStore.setToken('secret');
    let received: string | null = 'unset';
    server.use(
      http.get(api('/agreement_document'), ({ request }) => {
        received = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await apiClient.get('/agreement_document', { auth: false });
    expect(received).toBeNull();
  });

  it('sends JSON, or multipart when given a FormData', async () => {
    const seen: string[] = [];
    server.use(
      http.post(api('/echo'), async ({ request }) => {
        seen.push(request.headers.get('content-type') ?? '');
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiClient.post('/echo', { application_member: { email: 'a@b.co' } });
    const form = new FormData();
    form.append('avatar', new File(['x'], 'me.png', { type: 'image/png' }));
    await apiClient.post('/echo', form);

    expect(seen[0]).toBe('application/json');
    expect(seen[1]).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('api-client: errors', () => {
  it('throws a typed ApiError with the parsed body', async () => {
    server.use(http.post(api('/signup'), () => HttpResponse.json({ errors: { email: ['has already been taken'] } }, { status: 422 })));

    const error = await apiClient.post('/signup', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.data).toEqual({ errors: { email: ['has already been taken'] } });
    expect(apiError.fieldError('email')).toBe('has already been taken');
  });

  it('401: warns, clears all stored state and goes to /signin', async () => {
    sessionStore.setToken('expired');
    sessionStore.setUser({ id: 7, email: 'ana@example.com', workflow_status: 'loan_terms' });
    server.use(http.get(api('/workflow/navigation_stack'), () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })));

    await expect(apiClient.get('/workflow/navigation_stack')).rejects.toMatchObject({ status: 401 });

    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'warning', message: MESSAGES.unauthorized })]);
    expect(MESSAGES.unauthorized).toBe('You need to sign in before continuing.');
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navigateSpy).toHaveBeenCalledWith('/signin', { replace: true });
  });

  it('403: shows the permission message and rejects', async () => {
    server.use(http.patch(api('/users/info'), () => HttpResponse.json({ error: 'forbidden' }, { status: 403 })));

    await expect(apiClient.patch('/users/info', {})).rejects.toMatchObject({ status: 403 });

    expect(notify.list()).toEqual([expect.objectContaining({ kind: 'error', message: "Sorry, you don't have permission to do this." })]);
    expect(navigateSpy).not.toHaveBeenCalled();
  });

  it('503: goes to /unavailable', async () => {
    server.use(http.get(api('/loans/last'), () => new HttpResponse(null, { status: 503 })));

    await expect(apiClient.get('/loans/last')).rejects.toMatchObject({ status: 503 });

    expect(navigateSpy).toHaveBeenCalledWith('/unavailable', { replace: true });
  });

  it('leaves 401 to the caller when global handling is off (e.g. a wrong password)', async () => {
    sessionStore.setToken('keep');
    server.use(http.post(api('/login'), () => HttpResponse.json({ error: 'Invalid email or password.' }, { status: 401 })));

    const error = (await apiClient.post('/login', {}, { globalErrors: false }).catch((e: unknown) => e)) as ApiError;

    expect(error.serverMessage).toBe('Invalid email or password.');
    expect(notify.list()).toEqual([]);
    expect(navigateSpy).not.toHaveBeenCalled();
    expect(sessionStore.getToken()).toBe('keep');
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get(api('/banners'), () => HttpResponse.error()));
    await expect(apiClient.get('/banners')).rejects.toMatchObject({ status: 0 });
  });
});

describe('api-client: global loader', () => {
  it('counts a pending call and shows the progress bar with main marked busy', async () => {
    const { gate, release } = deferred();
    server.use(
      http.get(api('/agreement_document'), async () => {
        await gate;
        return HttpResponse.json({
          id: 1,
          name: 'privacy_notice',
          title: 'Privacy Notice',
          version: '3',
          state_abbreviation: null,
          file_url: '/p.html',
          pdf_url: '/p.pdf',
          body_html: '<p>Hi</p>',
        });
      }),
    );
    renderRoute('/privacy_policy');

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it.each([
    ['/applicationflow/update_field'],
    ['/token_is_valid'],
    ['/employers?search=acme'],
    ['/loan_borrower/employer_id'],
    ['/save_plaid_event'],
    ['/confirmation?confirmation_token=ABC123'],
    ['/dashboard/confirmation/resend_token'],
  ])('does not show the loader for %s', async (path) => {
    const { gate, release } = deferred();
    server.use(
      http.all('*/api/*', async () => {
        await gate;
        return HttpResponse.json({});
      }),
    );
    const call = apiClient.get(path);
    await delay(5);
    expect(pendingRequests.count()).toBe(0);
    release();
    await call;
  });

  it('shows the loader for other calls and stops counting when they fail', async () => {
    const { gate, release } = deferred();
    server.use(
      http.get(api('/notifications'), async () => {
        await gate;
        return HttpResponse.json({ error: 'boom' }, { status: 500 });
      }),
    );
    const call = apiClient.get('/notifications').catch(() => undefined);
    await delay(5);
    expect(pendingRequests.count()).toBe(1);
    release();
    await call;
    expect(pendingRequests.count()).toBe(0);
  });
});

describe('api-client: upload', () => {
  it('uploads multipart with progress events and parses the answer', async () => {
    sessionStore.setToken('tok');
    let auth: string | null = null;
    let contentType = '';
    server.use(
      http.patch(api('/users/avatar'), ({ request }) => {
        auth = request.headers.get('authorization');
        contentType = request.headers.get('content-type') ?? '';
        return HttpResponse.json({ url: '/files/me.png' });
      }),
    );
    const form = new FormData();
    form.append('avatar', new File(['x'.repeat(2048)], 'me.png', { type: 'image/png' }));
    const onProgress = vi.fn();

    await expect(apiClient.upload('/users/avatar', form, { method: 'PATCH', onProgress })).resolves.toEqual({ url: '/files/me.png' });

    expect(auth).toBe('tok');
    expect(contentType).toMatch(/^multipart\/form-data/);
    expect(onProgress).toHaveBeenCalled();
    expect(onProgress.mock.calls.at(-1)?.[0]).toMatchObject({ fraction: 1 });
  });

  it('rejects with ApiError and runs global handling on an error status', async () => {
    server.use(http.patch(api('/users/avatar'), () => HttpResponse.json({ error: 'User photo cannot be more than 5MB.' }, { status: 422 })));
    const error = (await apiClient.upload('/users/avatar', new FormData(), { method: 'PATCH' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.serverMessage).toBe('User photo cannot be more than 5MB.');
  });
});
