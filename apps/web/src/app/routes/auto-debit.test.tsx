import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_MSG } from '@payrail/contract/banking';
import { agreementHandler, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { bankOnFile } from '../../../test/application-fixtures';

const ON_FILE = bankOnFile({ id: 5, verified_at: '2026-11-01T10:00:00Z', statement_document_id: 3 });

const moved = {
  new_status: 'esignature_needed',
  workflow_status: { next_status: 'esignature_needed' },
  ach_authorization: { id: 1, bank_account_id: 5, agreement_document_id: 9, authorized_at: '2026-11-22T10:00:00Z' },
};

function signedIn(bank: unknown = ON_FILE) {
  const answer = signInAs({ workflow_status: 'auto_debit_needed' });
  const state = { status: 'auto_debit_needed', bodies: [] as unknown[] };
  server.use(
    http.get(api('/token_is_valid'), () => HttpResponse.json({ ...answer, workflow_status: state.status })),
    agreementHandler(),
    http.get(api('/bank_informations'), () => (bank ? HttpResponse.json(bank) : HttpResponse.json({ error: BANK_MSG.noBankAccount }, { status: 404 }))),
    http.get(api('/esignature'), () => HttpResponse.json({ error: 'none' }, { status: 404 })),
  );
  return state;
}

describe('auto-debit ACH', { timeout: 20_000 }, () => {
  it('uses the account on file (masked) with the disclosure link; Continue → /esignature', async () => {
    const state = signedIn();
    server.use(
      http.post(api('/auto_debit'), async ({ request }) => {
        state.bodies.push(await request.json());
        state.status = 'esignature_needed';
        return HttpResponse.json(moved);
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/auto_debit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Auto-Debit ACH' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Use the account on file' })).toBeChecked();
    expect(screen.getByText(/account XXXXX6789/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Auto Debit Disclosure (opens in a new window)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/esignature'), { timeout: 5000 });
    expect(state.bodies).toEqual([{ use_account_on_file: true }]);
  });

  it('a new account needs type, account and routing number; the server’s error is shown', async () => {
    const state = signedIn(null);
    server.use(
      http.post(api('/auto_debit'), async ({ request }) => {
        state.bodies.push(await request.json());
        return HttpResponse.json({ error: BANK_MSG.bankNotFound }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/auto_debit');
    // No account on file: only the new-account option.
    expect(await screen.findByRole('radio', { name: 'Use a new account' }, { timeout: 5000 })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Use the account on file' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText("can't be blank")).toHaveLength(3);
    expect(state.bodies).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Account type'), 'checking');
    await user.type(screen.getByLabelText('Account number'), '987654321');
    await user.type(screen.getByLabelText('Routing number'), '011000015');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(BANK_MSG.bankNotFound)).toBeInTheDocument();
    expect(state.bodies).toEqual([{ account_type: 'checking', account_number: '987654321', routing_number: '011000015' }]);
  });

  it('shows field errors the server answers', async () => {
    signedIn(null);
    server.use(http.post(api('/auto_debit'), () => HttpResponse.json({ errors: { account_number: ['is invalid'] } }, { status: 422 })));
    const user = userEvent.setup();
    renderRoute('/auto_debit');
    await user.selectOptions(await screen.findByLabelText('Account type', undefined, { timeout: 5000 }), 'savings');
    await user.type(screen.getByLabelText('Account number'), '1');
    await user.type(screen.getByLabelText('Routing number'), '034821624');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
  });
});
