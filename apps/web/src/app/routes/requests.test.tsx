import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TOpenRequest } from '@payrail/contract/care';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const returned: TOpenRequest = {
  key: 'returned_payment:9',
  kind: 'returned_payment',
  title: 'Fix a returned payment',
  detail: 'Your payment of $50.00 on loan 1234-56-7890 was returned (insufficient funds). Make the payment again, from another account if needed.',
  status: 'to_do',
  since: '2027-05-22',
  action: { kind: 'link', label: 'Make a payment', to: '/dashboard/loans-and-payments' },
};
const email: TOpenRequest = {
  key: 'email_confirmation',
  kind: 'email_confirmation',
  title: 'Confirm your e-mail',
  detail: 'Open the link we sent to ana@example.com to confirm it is yours.',
  status: 'to_do',
  since: null,
  action: { kind: 'resend_confirmation', label: 'Send the e-mail again' },
};

describe('requests inbox page', { timeout: 20_000 }, () => {
  it('lists each open request with its status, date and one action; the e-mail action resends the confirmation', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    let resent = 0;
    server.use(
      http.get(api('/dashboard/requests'), () => HttpResponse.json({ requests: [returned, email] })),
      http.get(api('/dashboard/confirmation/resend_token'), () => {
        resent += 1;
        return HttpResponse.json({ email: 'ana@example.com' });
      }),
    );
    renderRoute('/dashboard/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    expect(screen.getByText('2 requests are waiting for you.')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Open requests' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Action needed');
    expect(items[0]).toHaveTextContent('Since 05/22/2027');
    expect(within(items[0]!).getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/dashboard/loans-and-payments');
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('We sent a new confirmation e-mail to ana@example.com.')).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('says nothing is waiting when the list is empty', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    server.use(http.get(api('/dashboard/requests'), () => HttpResponse.json({ requests: [] })));
    renderRoute('/dashboard/requests');
    expect(await screen.findByText(/Nothing is waiting for you/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Open requests' })).not.toBeInTheDocument();
  });
});
