import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { TBackofficeEmployer, TBackofficeEmployerDetail } from '@payrail/contract/employer-portal';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const acme: TBackofficeEmployer = {
  id: 31,
  slug: 'acme-logistics',
  name: 'Acme Logistics',
  partnership: 'b2b_partner',
  employer_type: 'private',
  payment_type: 'allotment',
  pay_frequency: 'biweekly',
  active_users: 1,
  pending_invitations: 1,
};
const va: TBackofficeEmployer = {
  ...acme,
  id: 2,
  slug: 'va',
  name: 'Department of Veterans Affairs',
  partnership: null,
  employer_type: 'federal',
  pay_frequency: 'biweekly',
  active_users: 0,
  pending_invitations: 0,
};

const detail: TBackofficeEmployerDetail = {
  employer: acme,
  users: [
    {
      id: 5,
      email: 'hr@acme.example',
      name: 'Dana Whitfield',
      status: 'active',
      totp_enrolled_at: '2031-03-01T15:00:00.000Z',
      disabled_at: null,
      created_at: '2031-03-01T14:00:00.000Z',
      last_sign_in_at: '2031-03-02T09:30:00.000Z',
    },
  ],
  invitations: [
    {
      id: 9,
      email: 'payroll@acme.example',
      status: 'pending',
      invited_by: 'Sam Servicer',
      created_at: '2031-03-03T10:00:00.000Z',
      expires_at: '2031-03-10T10:00:00.000Z',
      accepted_at: null,
      revoked_at: null,
    },
    {
      id: 8,
      email: 'hr@acme.example',
      status: 'accepted',
      invited_by: 'Ada Admin',
      created_at: '2031-02-28T10:00:00.000Z',
      expires_at: '2031-03-07T10:00:00.000Z',
      accepted_at: '2031-03-01T14:00:00.000Z',
      revoked_at: null,
    },
  ],
};

const axeViolations = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);

describe('Employers pages', () => {
  it('lists the employers, b2b partners first, and links to each', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/employers'), () => HttpResponse.json({ employers: [acme, va] })));
    renderRoute('/employers');
    const table = await screen.findByRole('table', { name: 'Employers, b2b partners first' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Employers' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Employer', 'Partnership', 'Type', 'Pay frequency', 'Portal users', 'Pending invitations']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Acme Logistics');
    expect(rows[0]).toHaveTextContent('B2B partner');
    expect(rows[1]).toHaveTextContent('Department of Veterans Affairs');
    expect(within(rows[0]!).getByRole('link', { name: 'Acme Logistics' })).toHaveAttribute('href', '/employers/31');
    expect(screen.getByRole('link', { name: 'Employers' })).toBeInTheDocument();
    expect(document.title).toBe('Employers · Payrail back office');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the users and invitations, invites by e-mail (server errors on the field), revokes and disables', async () => {
    signInAs('admin');
    let current = detail;
    const calls: { url: string; body: unknown }[] = [];
    server.use(
      http.get(bo('/employers/31'), () => HttpResponse.json(current)),
      http.post(bo('/employers/31/invitations'), async ({ request }) => {
        const body = (await request.json()) as { email: string };
        calls.push({ url: 'invite', body });
        if (body.email === 'hr@acme.example')
          return HttpResponse.json(
            {
              error: 'email This e-mail address already has an employer portal account.',
              errors: { email: ['This e-mail address already has an employer portal account.'] },
            },
            { status: 422 },
          );
        current = { ...current, invitations: [{ ...detail.invitations[0]!, id: 10, email: body.email, invited_by: 'Ada Admin' }, ...current.invitations] };
        return HttpResponse.json(current, { status: 201 });
      }),
      http.post(bo('/employers/31/invitations/9/revoke'), () => {
        calls.push({ url: 'revoke', body: null });
        current = {
          ...current,
          invitations: current.invitations.map((i) => (i.id === 9 ? { ...i, status: 'revoked' as const, revoked_at: '2031-03-04T10:00:00.000Z' } : i)),
        };
        return HttpResponse.json(current);
      }),
      http.post(bo('/employers/31/users/5/disable'), () => {
        calls.push({ url: 'disable', body: null });
        current = { ...current, users: current.users.map((u) => ({ ...u, status: 'disabled' as const, disabled_at: '2031-03-04T11:00:00.000Z' })) };
        return HttpResponse.json(current);
      }),
    );
    renderRoute('/employers/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Logistics' }, { timeout: 10_000 })).toBeInTheDocument();
    const users = screen.getByRole('table', { name: 'Employer portal users of Acme Logistics' });
    expect(within(users).getAllByRole('row')[1]).toHaveTextContent('Dana Whitfield');
    expect(within(users).getAllByRole('row')[1]).toHaveTextContent('Active');
    const invitations = screen.getByRole('table', { name: "Invitations to Acme Logistics's portal" });
    expect(within(invitations).getAllByRole('row')[1]).toHaveTextContent('payroll@acme.example');
    expect(within(invitations).getAllByRole('row')[1]).toHaveTextContent('Pending');
    expect(within(invitations).getAllByRole('row')[2]).toHaveTextContent('Accepted');
    expect(screen.getByRole('heading', { level: 2, name: 'Portal users' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Invitations' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    // Client-side check first, then the server's field error under the field.
    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter the e-mail address of the person to invite.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.type(email, 'hr@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This e-mail address already has an employer portal account.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(email);
    await userEvent.type(email, 'Finance@Acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to finance@acme.example.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: 'invite', body: { email: 'finance@acme.example' } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: "Invitations to Acme Logistics's portal" })).getAllByRole('row')).toHaveLength(4));
    expect(email).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to payroll@acme.example' }));
    const revokeDialog = await screen.findByRole('dialog', { name: 'Revoke the invitation to payroll@acme.example?' });
    await userEvent.click(within(revokeDialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('The invitation to payroll@acme.example is revoked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the invitation to payroll@acme.example' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Disable hr@acme.example' }));
    const disableDialog = await screen.findByRole('dialog', { name: 'Disable hr@acme.example?' });
    await userEvent.click(within(disableDialog).getByRole('button', { name: 'Disable user' }));
    expect(await screen.findByText('hr@acme.example can no longer sign in.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Employer portal users of Acme Logistics' })).getAllByRole('row')[1]).toHaveTextContent('Disabled');
    expect(calls.map((c) => c.url)).toEqual(['invite', 'invite', 'revoke', 'disable']);
  });

  it('says so for an unknown employer', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/employers/404'), () => HttpResponse.json({ error: 'No employer with this id.' }, { status: 404 })));
    renderRoute('/employers/404');
    expect(await screen.findByText('There is no employer with this id.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('is not offered to underwriters', async () => {
    signInAs('underwriter');
    renderRoute('/employers');
    expect(await screen.findByText('This page is not available to your role.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Employers' })).not.toBeInTheDocument();
  });
});
