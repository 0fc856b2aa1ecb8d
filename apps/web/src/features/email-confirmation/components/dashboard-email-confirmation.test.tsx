import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { api, server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { DashboardEmailConfirmation } from './dashboard-email-confirmation';

describe('DashboardEmailConfirmation', () => {
  it('keeps Confirm disabled while the code is empty and upper-cases it as typed', async () => {
    renderWithProviders(<DashboardEmailConfirmation email="ana@example.com" onConfirmed={() => undefined} />);
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    const field = screen.getByLabelText('Confirmation code');
    await userEvent.type(field, 'ab12cd9');
    expect(field).toHaveValue('AB12CD');
    expect(confirm).toBeEnabled();
  });

  it('confirms with the code and tells the member', async () => {
    let asked = '';
    server.use(
      http.get(api('/dashboard/confirmation/:token'), ({ params }) => {
        asked = String(params.token);
        return HttpResponse.json({ email: 'ana@example.com', workflow_status: 'about_yourself' });
      }),
    );
    const onConfirmed = vi.fn();
    renderWithProviders(<DashboardEmailConfirmation email="ana@example.com" onConfirmed={onConfirmed} />);
    await userEvent.type(await screen.findByLabelText('Confirmation code'), 'xy12zw');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(asked).toBe('XY12ZW');
    expect(await screen.findByText(MSG.accountConfirmed)).toBeInTheDocument();
  });

  it("shows 'Confirmation token error.' when the server refuses the code", async () => {
    server.use(http.get(api('/dashboard/confirmation/:token'), () => HttpResponse.json({ errors: { confirmation_token: ['is invalid'] } }, { status: 422 })));
    renderWithProviders(<DashboardEmailConfirmation email="ana@example.com" onConfirmed={() => undefined} />);
    await userEvent.type(await screen.findByLabelText('Confirmation code'), 'BAD123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.confirmationTokenError)).toBeInTheDocument();
  });

  it('sends a new code on request', async () => {
    let sent = false;
    server.use(
      http.get(api('/dashboard/confirmation/resend_token'), () => {
        sent = true;
        return HttpResponse.json({ email: 'ana@example.com' });
      }),
    );
    renderWithProviders(<DashboardEmailConfirmation email="ana@example.com" onConfirmed={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(sent).toBe(true));
  });
});
