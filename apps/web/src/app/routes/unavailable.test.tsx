import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

describe('/unavailable', () => {
  it('shows the event description from the server and a way back to sign in', async () => {
    server.use(http.get(api('/current_system_state'), () => HttpResponse.json({ event_description: 'Scheduled maintenance until 2:00 a.m. ET.' })));
    const user = userEvent.setup();
    const { router } = renderRoute('/unavailable');

    expect(await screen.findByRole('heading', { level: 1, name: 'SYSTEM UNAVAILABLE' })).toBeInTheDocument();
    expect(await screen.findByText('Scheduled maintenance until 2:00 a.m. ET.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('System unavailable · Payrail'));

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('still describes the event when the state call itself answers 503', async () => {
    server.use(http.get(api('/current_system_state'), () => HttpResponse.json({ event_description: 'Bank systems are offline.' }, { status: 503 })));
    const { router } = renderRoute('/unavailable');
    expect(await screen.findByText('Bank systems are offline.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unavailable');
  });

  it('falls back to a general message when there is no description', async () => {
    server.use(http.get(api('/current_system_state'), () => HttpResponse.json({ event_description: null })));
    renderRoute('/unavailable');
    expect(await screen.findByText(/Please try again in a few minutes/)).toBeInTheDocument();
  });

  it('is where any call answering 503 sends the borrower', async () => {
    server.use(
      http.get(api('/agreement_document'), () => new HttpResponse(null, { status: 503 })),
      http.get(api('/current_system_state'), () => HttpResponse.json({ event_description: 'Back soon.' })),
    );
    const { router } = renderRoute('/privacy_policy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unavailable'));
    expect(await screen.findByText('Back soon.')).toBeInTheDocument();
  });
});
