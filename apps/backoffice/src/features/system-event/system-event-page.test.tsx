import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures';
import { api, bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

describe('system event', () => {
  it('starts and ends an event (admins)', async () => {
    signInAs('admin');
    let active: string | null = null;
    let started: unknown = null;
    server.use(
      http.get(api('/current_system_state'), () => HttpResponse.json({ event_description: active })),
      http.post(bo('/system_event'), async ({ request }) => {
        started = await request.json();
        active = (started as { description: string }).description;
        return HttpResponse.json({ id: 1, event_description: active }, { status: 201 });
      }),
      http.delete(bo('/system_event'), () => {
        active = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/system-event');
    const user = userEvent.setup();

    expect(await screen.findByText('No system event is active.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start system event' }));
    expect(screen.getByRole('textbox', { name: 'Description shown to borrowers' })).toHaveAccessibleDescription('Describe the event; borrowers see this text.');

    await user.type(screen.getByRole('textbox', { name: 'Description shown to borrowers' }), 'Planned maintenance until 18:00 UTC');
    await user.click(screen.getByRole('button', { name: 'Start system event' }));
    expect(await screen.findByText('A system event is active.')).toBeInTheDocument();
    expect(started).toEqual({ description: 'Planned maintenance until 18:00 UTC' });

    await user.click(screen.getByRole('button', { name: 'End system event' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'End the system event?' })).getByRole('button', { name: 'End event' }));
    await waitFor(() => expect(screen.getByText('No system event is active.')).toBeInTheDocument());
  });

  it('is not available to underwriters', async () => {
    signInAs('underwriter');
    renderRoute('/system-event');
    expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
  });
});
