import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { servicingHandlers } from '../../../test/servicing-fixtures';

const shellCalls = () => [
  http.get(api('/notifications'), () => HttpResponse.json([])),
  http.get(api('/benefits'), () => HttpResponse.json({ level: 'zero', color: '#999999', read: true })),
  http.get(api('/banners'), () => HttpResponse.json([])),
];

describe('/payment', () => {
  it('goes to the dashboard without the core-banking integration', async () => {
    signInAs({ has_jack_henry: false });
    server.use(...shellCalls());
    const { router } = renderRoute('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('stays, with the payments page of the opened loan, for accounts that have it', async () => {
    signInAs({ has_jack_henry: true });
    servicingHandlers();
    const { router } = renderRoute('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'One-time payment (ACH)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('without an opened loan, goes to the dashboard', async () => {
    signInAs({ has_jack_henry: true });
    servicingHandlers({ loan: null });
    const { router } = renderRoute('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a visitor to the dashboard, which asks them to sign in', async () => {
    const { router } = renderRoute('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
