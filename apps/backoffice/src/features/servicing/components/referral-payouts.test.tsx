import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

/** The rest of the servicing desk: the business clock moved to 2026-12-20 (staff-moved), no remittance line in suspense. */
const servicingDesk = () => [
  http.get(bo('/servicing/business_date'), () =>
    HttpResponse.json({
      business_date: '2026-12-20',
      real_date: '2026-11-25',
      override_date: '2026-12-20',
      movable: true,
      last_completed_run: '2026-12-19',
    }),
  ),
  http.get(bo('/remittances/suspense'), () => HttpResponse.json({ lines: [] })),
];

describe('referral payouts (servicing desk)', () => {
  it('lists payable members and releases one with an Idempotency-Key, then the list refreshes', async () => {
    signInAs('servicer');
    let payable = [{ user_id: 42, email: 'ana@example.test', amount: 25_300, rewards: 7 }];
    const keys: (string | null)[] = [];
    server.use(
      ...servicingDesk(),
      http.get(bo('/referral_payouts'), () => HttpResponse.json({ business_date: '2026-12-20', payable })),
      http.post(bo('/referral_payouts/42'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        payable = [];
        return HttpResponse.json({
          id: 1,
          user_id: 42,
          amount: 25_300,
          trace_id: 'TR-77',
          status: 'pending',
          return_code: null,
          reward_ids: [1, 2, 3, 4, 5, 6, 7],
          voided_amount: 0,
          created_at: '2026-12-20T10:00:00Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const section = await screen.findByRole('region', { name: 'Referral payouts' });
    await user.click(await within(section).findByRole('button', { name: 'Release payout to ana@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release referral payout' });
    expect(dialog).toHaveTextContent("Send $253.00 to ana@example.test's verified bank account by ACH?");
    await user.click(within(dialog).getByRole('button', { name: 'Release payout' }));
    expect(await screen.findByText('Payout of $253.00 sent (trace TR-77).')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/.{8,}/);
    await waitFor(() => expect(within(section).getByText('No referral rewards are payable.')).toBeInTheDocument());
  });

  it('shows the server refusal in the dialog (no verified bank account)', async () => {
    signInAs('admin');
    server.use(
      ...servicingDesk(),
      http.get(bo('/referral_payouts'), () =>
        HttpResponse.json({ business_date: '2026-12-20', payable: [{ user_id: 43, email: 'bo@example.test', amount: 100, rewards: 1 }] }),
      ),
      http.post(bo('/referral_payouts/43'), () =>
        HttpResponse.json({ error: 'The member has no verified bank account with a full account number to pay.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const section = await screen.findByRole('region', { name: 'Referral payouts' });
    await user.click(await within(section).findByRole('button', { name: 'Release payout to bo@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release referral payout' });
    await user.click(within(dialog).getByRole('button', { name: 'Release payout' }));
    expect(await within(dialog).findByText('The member has no verified bank account with a full account number to pay.')).toBeInTheDocument();
  });

  it('a payout the originator did not take at once is shown queued, then sent once its job ran', async () => {
    signInAs('servicer');
    let payouts = [
      {
        id: 9,
        user_id: 44,
        email: 'cy@example.test',
        amount: 5_000,
        trace_id: null as string | null,
        status: 'queued',
        return_code: null as string | null,
        reward_ids: [],
        voided_amount: 0,
        created_at: '2026-12-20T10:00:00Z',
      },
    ];
    server.use(
      ...servicingDesk(),
      http.get(bo('/referral_payouts'), () =>
        HttpResponse.json({ business_date: '2026-12-20', payable: [{ user_id: 45, email: 'di@example.test', amount: 2_500, rewards: 1 }] }),
      ),
      http.get(bo('/referral_payouts/released'), () => HttpResponse.json({ payouts })),
      http.post(bo('/referral_payouts/45'), () =>
        HttpResponse.json({
          id: 10,
          user_id: 45,
          amount: 2_500,
          trace_id: null,
          status: 'queued',
          return_code: null,
          reward_ids: [3],
          voided_amount: 0,
          created_at: '2026-12-20T11:00:00Z',
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/servicing');
    const section = await screen.findByRole('region', { name: 'Referral payouts' });
    const released = await within(section).findByRole('table', { name: 'Released referral payouts, newest first' });
    const row = () => within(released).getByRole('row', { name: /cy@example\.test/ });
    await waitFor(() => expect(row()).toHaveTextContent('Queued'));
    expect(row()).toHaveTextContent('$50.00');
    expect(row()).toHaveTextContent('—');

    await user.click(within(section).getByRole('button', { name: 'Release payout to di@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release referral payout' });
    await user.click(within(dialog).getByRole('button', { name: 'Release payout' }));
    expect(await screen.findByText('Payout of $25.00 queued: the ACH credit is sent as soon as the originator answers.')).toBeInTheDocument();

    // The job originates it: the list (read again while a payout is queued) shows it sent with its trace.
    payouts = [{ ...payouts[0]!, status: 'pending', trace_id: 'SBX-20261220-S-ABC' }];
    await waitFor(() => expect(row()).toHaveTextContent('Sent (pending)'), { timeout: 8_000 });
    expect(row()).toHaveTextContent('SBX-20261220-S-ABC');
  }, 15_000);

  it('shows each released payout as its credit stands: settled, returned with its code (rewards payable again)', async () => {
    signInAs('servicer');
    const payout = (id: number, email: string, status: string, returnCode: string | null, voided = 0) => ({
      id,
      user_id: id,
      email,
      amount: 5_000,
      trace_id: `SBX-20261220-S-${id}`,
      status,
      return_code: returnCode,
      reward_ids: [id],
      voided_amount: voided,
      created_at: '2026-12-20T10:00:00Z',
    });
    server.use(
      ...servicingDesk(),
      http.get(bo('/referral_payouts'), () =>
        HttpResponse.json({ business_date: '2026-12-20', payable: [{ user_id: 13, email: 'ret@example.test', amount: 5_000, rewards: 1 }] }),
      ),
      http.get(bo('/referral_payouts/released'), () =>
        HttpResponse.json({
          payouts: [
            payout(11, 'set@example.test', 'settled', null, 5_000),
            payout(12, 'code@example.test', 'returned', 'R03'),
            payout(13, 'ret@example.test', 'returned', null),
            payout(14, 'pen@example.test', 'pending', null),
          ],
        }),
      ),
    );
    renderRoute('/servicing');
    const section = await screen.findByRole('region', { name: 'Referral payouts' });
    const released = await within(section).findByRole('table', { name: 'Released referral payouts, newest first' });
    const cellOf = (email: string) => within(within(released).getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })).getAllByRole('cell')[2];
    await waitFor(() => expect(cellOf('set@example.test')).toHaveTextContent(/^Settled$/));
    expect(cellOf('code@example.test')).toHaveTextContent(/^Returned \(R03\): rewards payable again$/);
    expect(cellOf('ret@example.test')).toHaveTextContent(/^Returned: rewards payable again$/);
    expect(cellOf('pen@example.test')).toHaveTextContent(/^Sent \(pending\)$/);
    // A reward voided after the payout paid it (its friend's loan canceled): shown, the money kept by the member.
    const voidedOf = (email: string) => within(within(released).getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })).getAllByRole('cell')[3];
    expect(voidedOf('set@example.test')).toHaveTextContent(/^\$50\.00 \(kept by the member\)$/);
    expect(voidedOf('pen@example.test')).toHaveTextContent(/^—$/);
    // The returned member's rewards are listed again for a new release.
    expect(within(section).getByRole('button', { name: 'Release payout to ret@example.test' })).toBeInTheDocument();
  });
});
