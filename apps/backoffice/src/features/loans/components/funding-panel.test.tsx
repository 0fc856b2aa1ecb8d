import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { applicationDetail, loanDetail, queueItem, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

const signed = { id: 1, signed_at: '2026-11-21T10:00:00.000Z', document_id: null, view_url: null };

function serveApproved() {
  let detail = applicationDetail({ status: 'approved', waiting_on: 'lender', esignature: signed });
  server.use(
    http.get(bo('/applications/42'), () => HttpResponse.json(detail)),
    http.get(bo('/applications/42/allowed_statuses'), () =>
      HttpResponse.json({ user_id: 42, current_status: 'approved', allowed_statuses: [], transitions: [] }),
    ),
    http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
  );
  return {
    markFunded: () => {
      const { loan } = loanDetail();
      detail = { ...detail, loan: { id: loan.id, identifier: loan.identifier, status: loan.status, amount: loan.amount, created_at: loan.created_at } };
    },
  };
}

/** POST …/fund's answer: the loan made and its first disbursement. */
function funded() {
  const { loan, disbursements } = loanDetail();
  return HttpResponse.json({ loan, disbursement: disbursements[0] }, { status: 201 });
}

/** The approved application's page, with the funding confirmation opened. */
async function openFunding() {
  renderRoute('/applications/42');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Fund loan' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Fund this loan?' }) };
}

describe('funding', () => {
  it('funds with an Idempotency-Key after confirming, then shows the loan and its schedule', async () => {
    signInAs('admin');
    const state = serveApproved();
    const keys: (string | null)[] = [];
    server.use(
      http.post(bo('/applications/42/fund'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        state.markFunded();
        return funded();
      }),
    );
    const { user, dialog } = await openFunding();
    expect(dialog).toHaveTextContent('$1,500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Fund loan' }));

    await waitFor(() => expect(keys).toHaveLength(1));
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(await screen.findByText('Loan 2026-11-0042 funded.')).toBeInTheDocument();
    const schedule = await screen.findByRole('table', { name: 'Payment schedule of loan 2026-11-0042' });
    expect(within(schedule).getAllByRole('row')).toHaveLength(3);
    expect(within(schedule).getByText('12/19/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fund loan' })).not.toBeInTheDocument();
  });

  it('retries with the same Idempotency-Key after a failed attempt', async () => {
    signInAs('admin');
    serveApproved();
    const keys: (string | null)[] = [];
    server.use(
      http.post(bo('/applications/42/fund'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (keys.length === 1) return HttpResponse.json({ error: 'Gateway timeout' }, { status: 504 });
        return funded();
      }),
    );
    const { user, dialog } = await openFunding();
    await user.click(within(dialog).getByRole('button', { name: 'Fund loan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Gateway timeout');

    await user.click(within(dialog).getByRole('button', { name: 'Fund loan' }));
    expect(await screen.findByText('Loan 2026-11-0042 funded.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('is not offered before the borrower signed', async () => {
    signInAs('admin');
    server.use(
      http.get(bo('/applications/42'), () => HttpResponse.json(applicationDetail({ status: 'approved' }))),
      http.get(bo('/applications/42/allowed_statuses'), () =>
        HttpResponse.json({ user_id: 42, current_status: 'approved', allowed_statuses: [], transitions: [] }),
      ),
    );
    renderRoute('/applications/42');
    expect(await screen.findByText('Funding becomes available once the borrower has signed the loan agreement.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fund loan' })).not.toBeInTheDocument();
  });

  it('shows a funded loan on its own page', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())));
    renderRoute('/loans/900');
    // Headed by its borrower; its terms here, the schedule and disbursements once, in the servicing section.
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(within(terms).getByText('2026-11-0042')).toBeInTheDocument();
    expect(within(terms).getByText('$1,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payment schedule of loan 2026-11-0042' })).not.toBeInTheDocument();
  });

  it('lets a servicer fund by applicant number from the funding page', async () => {
    signInAs('servicer');
    const keys: (string | null)[] = [];
    server.use(
      http.post(bo('/applications/42/fund'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        const { loan, disbursements } = loanDetail();
        return HttpResponse.json({ loan, disbursement: disbursements[0] });
      }),
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
    );
    renderRoute('/funding');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: 'Applicant number' })).toHaveAccessibleDescription(/Enter the applicant number/);

    await user.type(screen.getByRole('textbox', { name: 'Applicant number' }), '42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Fund loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund this loan?' });
    expect(dialog).toHaveTextContent('applicant #42');
    await user.click(within(dialog).getByRole('button', { name: 'Fund loan' }));

    expect(await screen.findByRole('table', { name: 'Payment schedule of loan 2026-11-0042' })).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.length).toBeGreaterThanOrEqual(8);
  });

  it('lists the applications ready to fund (approved, signed, not funded) and opens one to fund it', async () => {
    signInAs('servicer');
    serveApproved();
    const urls: URL[] = [];
    server.use(
      http.get(bo('/applications'), ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [queueItem({ status: 'approved', waiting_on: 'lender' })], page: 1, per_page: 25, total: 1 });
      }),
    );
    const { router } = renderRoute('/funding');
    const table = await screen.findByRole('table', { name: 'Applications ready to fund' });
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({ ready_to_fund: 'true', sort: 'updated_at', dir: 'asc' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('#42');
    expect(row).toHaveTextContent('$1,500.00');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('link', { name: 'Maria Lopez' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/42'));
    expect(await screen.findByRole('button', { name: 'Fund loan' })).toBeInTheDocument();
  });

  it('says so when nothing is waiting to be funded', async () => {
    signInAs('servicer');
    renderRoute('/funding');
    expect(await screen.findByText('Nothing is waiting to be funded.')).toBeInTheDocument();
  });

  it('finds a loan by its number: the Loans page searched for it', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/loans'), () => HttpResponse.json({ items: [], next_cursor: null, total: 0, business_date: '2026-12-20' })));
    const { router } = renderRoute('/funding');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: /Loan number or borrower/ }), '1152-60-6252');
    await user.click(screen.getByRole('button', { name: 'Find loan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loans'));
    expect(router.state.location.search).toBe('?q=1152-60-6252');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loans' })).toBeInTheDocument();
  });
});
