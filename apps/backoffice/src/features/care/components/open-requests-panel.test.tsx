import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CARE_MSG } from '@payrail/contract/care';
import type { StaffRole } from '@payrail/contract/staff';
import { AppProviders, createQueryClient } from '@payrail/ui/app-providers';
import { OPEN_REQUEST, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { OpenRequestsPanel } from './open-requests-panel';

function open(role: StaffRole) {
  signInAs(role);
  server.use(http.get(bo('/members/42/requests'), () => HttpResponse.json({ requests: [OPEN_REQUEST] })));
  render(
    <AppProviders queryClient={createQueryClient()}>
      <OpenRequestsPanel userId={42} />
    </AppProviders>,
  );
}

describe('open requests panel: the reminder', () => {
  it('shows the server’s refusal next to the button when the day’s reminders are used up', async () => {
    server.use(http.post(bo('/members/42/requests/remind'), () => HttpResponse.json({ error: CARE_MSG.remindersCapped }, { status: 429 })));
    open('servicer');
    const table = await screen.findByRole('table', { name: 'Open requests' });
    expect(within(table).getByText('Authorize your automatic payments')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remind the borrower' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARE_MSG.remindersCapped);
  });

  it('is not offered to a role without the remind capability (underwriter)', async () => {
    open('underwriter');
    await screen.findByRole('table', { name: 'Open requests' });
    expect(screen.queryByRole('button', { name: 'Remind the borrower' })).not.toBeInTheDocument();
  });
});
