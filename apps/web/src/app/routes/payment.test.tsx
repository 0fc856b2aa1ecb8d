import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

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

  it('stays, with an honest page, for accounts that have it', async () => {
    signInAs({ has_jack_henry: true });
    const { router } = renderRoute('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Make a payment' })).toBeInTheDocument();
    expect(screen.getByText(/Online payments open in the dashboard release/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('sends a visitor to the dashboard, which asks them to sign in', async () => {
    const { router } = renderRoute('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
