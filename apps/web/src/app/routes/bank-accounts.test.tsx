import { screen, waitFor } from '@testing-library/react';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_MSG } from '@payrail/contract/banking';
import { sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { sessionStore } from '../../lib/session-store';

const LINKED = {
  id: 4,
  account_type: 'checking',
  routing_transfer_number: '034821624',
  bank_account_number: '*****1234',
  bank_name: 'Harbor Point Bank',
  logo: null,
  source: 'linked',
  verified_at: '2026-11-22T18:00:00.000Z',
  statement_document_id: null,
};

function accountsServer(confirm: () => Response) {
  let status: TWorkflowStatus = 'choosing_receiver_account';
  signInAs({ workflow_status: status });
  // The documents page the borrower lands on is not this test's subject: its reads answer 404.
  server.use(http.get(api('/*'), () => HttpResponse.json({ error: 'Not found' }, { status: 404 })));
  server.use(
    http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))),
    http.get(api('/bank_informations'), () => HttpResponse.json(LINKED)),
    http.post(api('/bank_informations/confirm'), () => {
      const answer = confirm();
      if (answer.status === 200) status = 'documents';
      return answer;
    }),
  );
}

const SLOW = 20_000;

describe('bank accounts (/bank_accounts)', () => {
  it(
    'shows the account on file with an edit link; Confirm moves to documents',
    async () => {
      accountsServer(() => HttpResponse.json({ new_status: 'documents', workflow_status: { next_status: 'documents' } }));
      const user = userEvent.setup();
      const { router } = renderRoute('/bank_accounts');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bank Accounts' }, { timeout: 5000 })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: 'Harbor Point Bank' })).toBeInTheDocument();
      expect(screen.getByText('Checking')).toBeInTheDocument();
      expect(screen.getByText('034821624')).toBeInTheDocument();
      expect(screen.getByText('XXXXX1234')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Edit bank information' })).toHaveAttribute('href', '/bank_information');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/application/documents'), { timeout: 5000 });
      expect(sessionStore.getState().user?.workflow_status).toBe('documents');
    },
    SLOW,
  );

  it(
    'an account that is not verified stays here with the server text',
    async () => {
      accountsServer(() => HttpResponse.json({ error: BANK_MSG.accountNotVerified, current_status: 'choosing_receiver_account' }, { status: 422 }));
      const user = userEvent.setup();
      const { router } = renderRoute('/bank_accounts');
      await user.click(await screen.findByRole('button', { name: 'Confirm' }, { timeout: 5000 }));
      expect(await screen.findByText(BANK_MSG.accountNotVerified)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/bank_accounts');
    },
    SLOW,
  );
});
