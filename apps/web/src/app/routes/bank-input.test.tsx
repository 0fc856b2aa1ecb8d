import { screen, waitFor, within } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_MSG } from '@payrail/contract/banking';
import type { TBankInformation } from '@payrail/contract/banking';
import type { TDocument } from '@payrail/contract/documents';
import { sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

const HARBOR = { routing: '034821624', name: 'HARBOR POINT BANK, N.A.' };
const SLOW = 20_000;

const statement = (id: number, name: string): TDocument => ({
  id,
  file_name: name,
  file_url: `/api/documents/${id}`,
  file_size: 2048,
  file_extension: 'pdf',
  document_type_name: 'bank_statement',
});

const account = (overrides: Partial<TBankInformation> = {}): TBankInformation => ({
  id: 3,
  account_type: 'checking',
  routing_transfer_number: HARBOR.routing,
  bank_account_number: '*****6789',
  bank_name: HARBOR.name,
  logo: null,
  source: 'manual',
  verified_at: null,
  statement_document_id: null,
  ...overrides,
});

/**
 * The manual-entry server: bank names, the bank statement list and upload, update_field, verify_manual
 * and confirm, recording the calls in order. The session check follows the status moves.
 */
function manualBankServer(options: {
  status: TWorkflowStatus;
  onFile?: TBankInformation | null;
  statements?: TDocument[];
  verifyError?: string;
  confirmTo?: TWorkflowStatus;
}) {
  let status = options.status;
  let statements = [...(options.statements ?? [])];
  const calls: { path: string; body?: unknown }[] = [];
  signInAs({ workflow_status: status });
  server.use(
    http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))),
    http.get(api('/bank_informations'), () =>
      options.onFile ? HttpResponse.json(options.onFile) : HttpResponse.json({ error: BANK_MSG.noBankAccount }, { status: 404 }),
    ),
    http.get(api('/bank_informations/bank_name/:routing'), ({ params }) =>
      params.routing === HARBOR.routing ? HttpResponse.json({ bank_name: HARBOR.name }) : HttpResponse.json({ error: BANK_MSG.bankNotFound }, { status: 404 }),
    ),
    http.get(api('/documents'), () => HttpResponse.json(statements)),
    http.post(api('/documents'), async ({ request }) => {
      const file = (await request.formData()).get('document[file]') as File;
      const created = statement(50 + statements.length, file.name);
      statements = [...statements, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(api('/bank_informations/update_field'), async ({ request }) => {
      const body = await request.json();
      calls.push({ path: 'update_field', body });
      return HttpResponse.json({ ok: true, bank_information: account() });
    }),
    http.get(api('/bank_informations/verify_manual'), () => {
      calls.push({ path: 'verify_manual' });
      if (options.verifyError) return HttpResponse.json({ error: options.verifyError }, { status: 422 });
      return HttpResponse.json({ ok: true, bank_information: account({ verified_at: '2026-11-22T18:00:00.000Z' }) });
    }),
    http.post(api('/bank_informations/confirm'), () => {
      calls.push({ path: 'confirm' });
      status = options.confirmTo ?? 'choosing_receiver_account';
      return HttpResponse.json({ new_status: status, workflow_status: { next_status: status } });
    }),
  );
  return { calls };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Bank Information' }, { timeout: 5000 })).toBeInTheDocument();
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await user.click(screen.getByRole('radio', { name: 'Checking' }));
  const routing = screen.getByLabelText('Routing number');
  await user.type(routing, '011000015');
  expect(await screen.findByText(BANK_MSG.bankNotFound)).toBeInTheDocument();
  expect(routing).toHaveAccessibleDescription(expect.stringContaining(BANK_MSG.bankNotFound));
  await user.clear(routing);
  await user.type(routing, `${HARBOR.routing}`);
  expect(await screen.findByText(HARBOR.name)).toBeInTheDocument();
  expect(screen.queryByText(BANK_MSG.bankNotFound)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Account number'), '12-34 56789012345678901');
  expect(screen.getByLabelText('Account number')).toHaveValue('12345678901234567890');
  return save;
}

describe('manual bank entry (/application/bank_input)', () => {
  it(
    'keeps Save disabled until every field is valid and a statement is uploaded; Save updates, verifies and confirms',
    async () => {
      const fake = manualBankServer({ status: 'bank_manual_input' });
      const user = userEvent.setup({ applyAccept: false });
      const { router } = renderRoute('/application/bank_input');
      const save = await fillForm(user);
      // Every field is valid; no statement yet.
      expect(save).toBeDisabled();
      await user.upload(screen.getByTestId('file-upload-input'), new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }));
      expect(await within(await screen.findByRole('list', { name: 'Bank statement: uploaded files' })).findByText('statement.pdf')).toBeInTheDocument();
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);

      await waitFor(() => expect(router.state.location.pathname).toBe('/bank_accounts'), { timeout: 5000 });
      expect(fake.calls).toEqual([
        {
          path: 'update_field',
          body: { bank_information: { account_type: 'checking', routing_transfer_number: HARBOR.routing, bank_account_number: '12345678901234567890' } },
        },
        { path: 'verify_manual' },
        { path: 'confirm' },
      ]);
      expect(sessionStore.getState().user?.workflow_status).toBe('choosing_receiver_account');
    },
    SLOW,
  );

  it(
    'shows the verification refusal in red and does not go on',
    async () => {
      const fake = manualBankServer({ status: 'bank_input', statements: [statement(9, 'march.pdf')], verifyError: BANK_MSG.statementMissing });
      const user = userEvent.setup();
      const { router } = renderRoute('/application/bank_input');
      const save = await fillForm(user);
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      expect(await screen.findByText(BANK_MSG.statementMissing)).toHaveAttribute('role', 'alert');
      expect(fake.calls.map((c) => c.path)).toEqual(['update_field', 'verify_manual']);
      expect(router.state.location.pathname).toBe('/application/bank_input');
    },
    SLOW,
  );

  it(
    'names what is missing in the disabled Save hint',
    async () => {
      manualBankServer({ status: 'bank_input' });
      renderRoute('/application/bank_input');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bank Information' }, { timeout: 5000 })).toBeInTheDocument();
      const save = screen.getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      expect(save).toHaveAccessibleDescription('To save, add: account type, a valid routing number, account number, at least one bank statement.');
    },
    SLOW,
  );

  it(
    'a failed bank lookup (not a 404) offers a retry and does not block Save',
    async () => {
      const fake = manualBankServer({ status: 'bank_input', statements: [statement(9, 'march.pdf')] });
      let lookups = 0;
      server.use(
        http.get(api('/bank_informations/bank_name/:routing'), () => {
          lookups += 1;
          return lookups === 1 ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : HttpResponse.json({ bank_name: HARBOR.name });
        }),
      );
      const user = userEvent.setup();
      renderRoute('/application/bank_input');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bank Information' }, { timeout: 5000 })).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Checking' }));
      await user.type(screen.getByLabelText('Routing number'), HARBOR.routing);
      await user.type(screen.getByLabelText('Account number'), '123456789');
      expect(await screen.findByText(/We could not look up your bank right now/)).toBeInTheDocument();
      expect(screen.queryByText(BANK_MSG.bankNotFound)).not.toBeInTheDocument();
      const save = screen.getByRole('button', { name: 'Save' });
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(HARBOR.name)).toBeInTheDocument();
      await user.click(save);
      await waitFor(() => expect(fake.calls.map((c) => c.path)).toEqual(['update_field', 'verify_manual', 'confirm']));
    },
    SLOW,
  );

  it(
    "shows the server's field error on the field",
    async () => {
      manualBankServer({ status: 'bank_input', statements: [statement(9, 'march.pdf')] });
      server.use(
        http.post(api('/bank_informations/update_field'), () => HttpResponse.json({ errors: { bank_account_number: ['is invalid'] } }, { status: 422 })),
      );
      const user = userEvent.setup();
      renderRoute('/application/bank_input');
      const save = await fillForm(user);
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      await waitFor(() => expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(expect.stringContaining('is invalid')));
    },
    SLOW,
  );
});

describe('bank information (/bank_information) from the bank accounts page', () => {
  it(
    'prefills the account on file (number masked); Save verifies and returns to /bank_accounts without confirming',
    async () => {
      const fake = manualBankServer({
        status: 'choosing_receiver_account',
        onFile: account({ verified_at: '2026-11-22T18:00:00.000Z' }),
        statements: [statement(9, 'march.pdf')],
      });
      const user = userEvent.setup();
      const { router } = renderRoute('/bank_information');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bank Information' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Checking' })).toBeChecked();
      expect(screen.getByLabelText('Routing number')).toHaveValue(HARBOR.routing);
      expect(screen.getByLabelText('Account number')).toHaveValue('*****6789');
      expect(await screen.findByText(HARBOR.name)).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Savings' }));
      expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/bank_accounts');
      const save = screen.getByRole('button', { name: 'Save' });
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);

      await waitFor(() => expect(router.state.location.pathname).toBe('/bank_accounts'), { timeout: 5000 });
      expect(fake.calls).toEqual([
        {
          path: 'update_field',
          body: { bank_information: { account_type: 'savings', routing_transfer_number: HARBOR.routing, bank_account_number: '*****6789' } },
        },
        { path: 'verify_manual' },
      ]);
    },
    SLOW,
  );
});
