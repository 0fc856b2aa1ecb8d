import { screen, waitFor, within } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_MSG } from '@payrail/contract/banking';
import { navigationStackHandler, sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

const WIDGET = {
  provider: 'sandbox',
  link_token: 'link-sandbox-token',
  expiration: '2026-11-22T22:00:00.000Z',
  institutions: [
    { id: 'ins_harbor', name: 'Harbor Point Bank', logo: null, down: false },
    { id: 'ins_down', name: 'Saltmarsh Bank (always down)', logo: null, down: true },
  ],
  test_credentials: { username: 'user_good', password: 'pass_good' },
};

/** The bank-link server: widget, sandbox login, save and events, recording what the page sent. */
function bankLinkServer(options: { widget?: 'ok' | 'fail'; save?: 'ok' | 'fail' } = {}) {
  signInAs({ workflow_status: 'bank_link' });
  // The session check follows the status the server moved the borrower to.
  let status: TWorkflowStatus = 'bank_link';
  const events: string[] = [];
  const saved: unknown[] = [];
  const logins: unknown[] = [];
  server.use(
    http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))),
    http.get(api('/bank_informations/widget'), () =>
      options.widget === 'fail' ? HttpResponse.json({ error: 'provider down' }, { status: 500 }) : HttpResponse.json(WIDGET),
    ),
    http.post(api('/bank_link/sandbox/authorize'), async ({ request }) => {
      const body = (await request.json()) as { institution_id: string; username: string; password: string; link_token?: string };
      logins.push(body);
      if (body.institution_id === 'ins_down') {
        return HttpResponse.json(
          { error_code: 'INSTITUTION_DOWN', error_message: 'not responding', display_message: 'Your account could not be connected at this time.' },
          { status: 422 },
        );
      }
      if (body.username !== 'user_good' || body.password !== 'pass_good') {
        return HttpResponse.json(
          { error_code: 'INVALID_CREDENTIALS', error_message: 'bad', display_message: 'The username or password you entered is incorrect.' },
          { status: 422 },
        );
      }
      return HttpResponse.json({
        public_token: 'public-sandbox-1',
        inquiry: { id: 'inq', type: 'bank_account_verification' },
        institution: { id: 'ins_harbor', name: 'Harbor Point Bank' },
        accounts: [],
      });
    }),
    http.post(api('/bank_informations/save_plaid_information'), async ({ request }) => {
      saved.push(await request.json());
      if (options.save === 'fail') return HttpResponse.json({ error: BANK_MSG.linkFailed }, { status: 422 });
      status = 'choosing_receiver_account';
      return HttpResponse.json({
        ok: true,
        new_status: 'choosing_receiver_account',
        bank_information: {
          id: 1,
          account_type: 'checking',
          routing_transfer_number: '034821624',
          bank_account_number: '*****1111',
          bank_name: 'Harbor Point Bank',
          logo: null,
          source: 'linked',
          verified_at: '2026-11-22T18:00:00.000Z',
          statement_document_id: null,
        },
      });
    }),
    http.post(api('/bank_informations/save_plaid_event'), async ({ request }) => {
      events.push(((await request.json()) as { event: string }).event);
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
    http.get(api('/bank_informations'), () => HttpResponse.json({ error: BANK_MSG.noBankAccount }, { status: 404 })),
  );
  return { events, saved, logins, setStatus: (next: TWorkflowStatus) => (status = next) };
}

async function openWidget(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Link your bank account' }, { timeout: 5000 })).toBeInTheDocument();
  const link = screen.getByRole('button', { name: 'Link my bank account' });
  expect(link).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /I authorize Payrail/ }));
  expect(link).toBeEnabled();
  await user.click(link);
  return screen.findByRole('dialog', { name: 'Connect your bank' });
}

// Typing in the widget takes a few seconds in happy-dom.
const SLOW = 20_000;

describe('bank link (/bank_link)', () => {
  it(
    'links through the sandbox widget: bad credentials and a bank that is down answer in the widget; success saves and opens bank accounts',
    async () => {
      const fake = bankLinkServer();
      const user = userEvent.setup();
      const { router } = renderRoute('/bank_link');
      const dialog = await openWidget(user);

      await user.click(within(dialog).getByRole('button', { name: 'Saltmarsh Bank (always down)' }));
      await user.type(within(dialog).getByLabelText('Username'), 'user_good');
      await user.type(within(dialog).getByLabelText('Password'), 'pass_good');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await within(dialog).findByText('Your account could not be connected at this time.')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Choose another bank' }));
      await user.click(within(dialog).getByRole('button', { name: 'Harbor Point Bank' }));
      await user.type(within(dialog).getByLabelText('Username'), 'user_good');
      await user.type(within(dialog).getByLabelText('Password'), 'wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await within(dialog).findByText('The username or password you entered is incorrect.')).toBeInTheDocument();

      await user.clear(within(dialog).getByLabelText('Password'));
      await user.type(within(dialog).getByLabelText('Password'), 'pass_good');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/bank_accounts'), { timeout: 5000 });
      expect(fake.saved).toEqual([{ public_token: 'public-sandbox-1' }]);
      expect(fake.logins.at(-1)).toEqual({ link_token: 'link-sandbox-token', institution_id: 'ins_harbor', username: 'user_good', password: 'pass_good' });
      expect(sessionStore.getState().user?.workflow_status).toBe('choosing_receiver_account');
      await waitFor(() => expect(fake.events).toEqual(expect.arrayContaining(['OPEN', 'SELECT_INSTITUTION', 'SUBMIT_CREDENTIALS', 'ERROR', 'HANDOFF'])));
    },
    SLOW,
  );

  it(
    'a failed save says "Something got wrong, try again!" and offers manual entry',
    async () => {
      bankLinkServer({ save: 'fail' });
      const user = userEvent.setup();
      renderRoute('/bank_link');
      const dialog = await openWidget(user);
      await user.click(within(dialog).getByRole('button', { name: 'Harbor Point Bank' }));
      await user.type(within(dialog).getByLabelText('Username'), 'user_good');
      await user.type(within(dialog).getByLabelText('Password'), 'pass_good');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText(BANK_MSG.linkFailed)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Provide my bank information manually' })).toBeInTheDocument();
    },
    SLOW,
  );

  /** Opens the widget on `path`, leaves it, and chooses manual entry, which the server answers by moving to `next`. */
  async function leaveForManualEntry(path: string, next: TWorkflowStatus) {
    const fake = bankLinkServer();
    const changes: unknown[] = [];
    server.use(
      navigationStackHandler('bank_link', ['loan_terms', 'bank_link']),
      http.post(api('/workflow/change_status'), async ({ request }) => {
        changes.push(await request.json());
        fake.setStatus(next);
        return HttpResponse.json({ new_status: next, workflow_status: { next_status: next } });
      }),
      http.get(api('/documents'), () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(path);
    const dialog = await openWidget(user);
    await user.click(within(dialog).getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Provide my bank information manually' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank Information' })).toBeInTheDocument();
    expect(changes).toEqual([{ new_status: next }]);
    return { fake, router };
  }

  it(
    'leaving the widget reports EXIT and offers manual entry, which moves to bank_manually_insert and shows the manual form',
    async () => {
      const { fake, router } = await leaveForManualEntry('/bank_link', 'bank_manually_insert');
      expect(router.state.location.pathname).toBe('/bank_link');
      expect(sessionStore.getState().user?.workflow_status).toBe('bank_manually_insert');
      await waitFor(() => expect(fake.events).toContain('EXIT'));
    },
    SLOW,
  );

  it(
    'the application variant (/application/bank_link): manual entry moves to bank_manual_input, whose page is /application/bank_input',
    async () => {
      const { router } = await leaveForManualEntry('/application/bank_link', 'bank_manual_input');
      await waitFor(() => expect(router.state.location.pathname).toBe('/application/bank_input'));
      expect(sessionStore.getState().user?.workflow_status).toBe('bank_manual_input');
    },
    SLOW,
  );

  it(
    'a widget that cannot load shows "Unexpected Error Happened" and the manual-entry way out',
    async () => {
      bankLinkServer({ widget: 'fail' });
      const user = userEvent.setup();
      renderRoute('/bank_link');
      expect(await screen.findByRole('heading', { level: 1, name: 'Link your bank account' }, { timeout: 5000 })).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: /I authorize Payrail/ }));
      await user.click(screen.getByRole('button', { name: 'Link my bank account' }));
      expect(await screen.findByText(BANK_MSG.widgetFailedLabel)).toBeInTheDocument();
      expect(screen.getByText(BANK_MSG.widgetFailedText)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Provide my bank information manually' })).toBeInTheDocument();
    },
    SLOW,
  );
});
