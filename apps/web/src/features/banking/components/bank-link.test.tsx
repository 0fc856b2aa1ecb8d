import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { loadScript } from '../../../lib/load-script';
import { PLAID_LINK_SCRIPT } from '../lib/plaid-link';
import { BankLink } from './bank-link';

vi.mock('../../../lib/load-script', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));

type PlaidConfig = {
  token: string;
  onSuccess: (token: string, metadata: unknown) => void;
  onExit: (error: unknown, metadata: unknown) => void;
  onEvent: (name: string, metadata: unknown) => void;
};

function fakePlaid(behaviour: (config: PlaidConfig) => void) {
  const created: PlaidConfig[] = [];
  (window as unknown as { Plaid: unknown }).Plaid = {
    create: (config: PlaidConfig) => {
      created.push(config);
      return { open: () => behaviour(config), exit: vi.fn(), destroy: vi.fn() };
    },
  };
  return created;
}

function plaidServer() {
  const saved: unknown[] = [];
  const events: string[] = [];
  server.use(
    http.get(api('/bank_informations/widget'), () =>
      HttpResponse.json({
        provider: 'plaid',
        link_token: 'link-production-abc',
        expiration: '2026-11-22T22:00:00.000Z',
        institutions: [],
        test_credentials: null,
      }),
    ),
    http.post(api('/bank_informations/save_plaid_information'), async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({
        ok: true,
        new_status: 'choosing_receiver_account',
        bank_information: {
          id: 1,
          account_type: 'savings',
          routing_transfer_number: '034821624',
          bank_account_number: '*****1111',
          bank_name: 'Harbor',
          logo: null,
          source: 'linked',
          verified_at: 'x',
          statement_document_id: null,
        },
      });
    }),
    http.post(api('/bank_informations/save_plaid_event'), async ({ request }) => {
      events.push(((await request.json()) as { event: string }).event);
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
  );
  return { saved, events };
}

afterEach(() => {
  delete (window as unknown as { Plaid?: unknown }).Plaid;
  vi.mocked(loadScript).mockClear();
});

describe('BankLink with Plaid configured', () => {
  it("loads Plaid Link's script only after the config names Plaid, opens it with the link token and saves the chosen account", async () => {
    const fake = plaidServer();
    const created = fakePlaid((config) => {
      config.onEvent('OPEN', {});
      config.onSuccess('public-plaid-1', { accounts: [{ id: 'acc-9', subtype: 'savings' }] });
    });
    const onLinked = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BankLink onLinked={onLinked} onProvideManually={vi.fn()} />);
    expect(loadScript).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /I authorize Payrail/ }));
    await user.click(screen.getByRole('button', { name: 'Link my bank account' }));

    await waitFor(() => expect(onLinked).toHaveBeenCalledWith('choosing_receiver_account'));
    expect(loadScript).toHaveBeenCalledWith(PLAID_LINK_SCRIPT);
    expect(created[0]?.token).toBe('link-production-abc');
    expect(fake.saved).toEqual([{ public_token: 'public-plaid-1', account_id: 'acc-9' }]);
    await waitFor(() => expect(fake.events).toContain('OPEN'));
  });

  it('an exit from Plaid Link offers manual entry', async () => {
    plaidServer();
    fakePlaid((config) => config.onExit(null, { status: 'institution_not_found' }));
    const onProvideManually = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BankLink onLinked={vi.fn()} onProvideManually={onProvideManually} />);
    await user.click(screen.getByRole('checkbox', { name: /I authorize Payrail/ }));
    await user.click(screen.getByRole('button', { name: 'Link my bank account' }));
    await user.click(await screen.findByRole('button', { name: 'Provide my bank information manually' }));
    expect(onProvideManually).toHaveBeenCalled();
  });

  it('a script that cannot load shows the widget failure texts', async () => {
    plaidServer();
    vi.mocked(loadScript).mockRejectedValueOnce(new Error('blocked'));
    const user = userEvent.setup();
    renderWithProviders(<BankLink onLinked={vi.fn()} onProvideManually={vi.fn()} />);
    await user.click(screen.getByRole('checkbox', { name: /I authorize Payrail/ }));
    await user.click(screen.getByRole('button', { name: 'Link my bank account' }));
    expect(await screen.findByText('Unexpected Error Happened')).toBeInTheDocument();
    expect(screen.getByText('Please please fill your bank information manually')).toBeInTheDocument();
  });

  it('a save refused in this status (422 { error, current_status }) shows the text and adopts the server status', async () => {
    plaidServer();
    server.use(
      http.post(api('/bank_informations/save_plaid_information'), () =>
        HttpResponse.json({ error: 'Your application is not in this step.', current_status: 'documents' }, { status: 422 }),
      ),
    );
    fakePlaid((config) => config.onSuccess('public-plaid-2', { accounts: [] }));
    const shown = vi.spyOn(notify, 'error');
    const onRefused = vi.fn();
    const onLinked = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BankLink onLinked={onLinked} onProvideManually={vi.fn()} onRefused={onRefused} />);
    await user.click(screen.getByRole('checkbox', { name: /I authorize Payrail/ }));
    await user.click(screen.getByRole('button', { name: 'Link my bank account' }));
    await waitFor(() => expect(onRefused).toHaveBeenCalledWith('documents'));
    expect(shown).toHaveBeenCalledWith('Your application is not in this step.');
    expect(shown.mock.invocationCallOrder[0]).toBeLessThan(onRefused.mock.invocationCallOrder[0] ?? 0);
    shown.mockRestore();
    expect(onLinked).not.toHaveBeenCalled();
  });
});
