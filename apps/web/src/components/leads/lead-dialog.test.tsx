import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { api, server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { LeadDialog } from './lead-dialog';

describe('LeadDialog', () => {
  it('checks name and e-mail, posts the lead of the state and reports success', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(api('/leads'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ id: 1, full_name: 'Ana Lima', email: 'ana@example.com', state_id: 4 }, { status: 201 });
      }),
    );
    const onSubscribed = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LeadDialog open stateId={4} stateName="Arkansas" onClose={() => undefined} onSubscribed={onSubscribed} />);
    const dialog = await screen.findByRole('dialog', { name: MSG.stateUnavailable });
    expect(within(dialog).getByText(/does not offer loans in Arkansas yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    // The form's check runs after the click (the resolver answers asynchronously): wait for its messages.
    await waitFor(() => expect(within(dialog).getByLabelText('Full name')).toHaveAccessibleDescription(MSG.leadFullNameBlank));
    expect(within(dialog).getByLabelText('E-mail address')).toHaveAccessibleDescription(MSG.leadEmailBlank);
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Lima');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(within(dialog).getByLabelText('E-mail address')).toHaveAccessibleDescription(MSG.leadEmailInvalid));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledOnce());
    expect(posted).toEqual([{ lead: { full_name: 'Ana Lima', email: 'ana@example.com', state_id: 4 } }]);
    expect(notify.list().map((t) => t.message)).toContain(MSG.leadSuccess);
  });

  it('works with only a state id, and Cancel closes it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LeadDialog open stateId={4} defaultName="Ana Lima" defaultEmail="ana@example.com" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: MSG.stateUnavailable });
    expect(within(dialog).getByText(/does not offer loans in your state yet/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Ana Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
