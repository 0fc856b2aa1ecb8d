import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TLoanListItem, TLoanListResponse } from '@payrail/contract/servicing-backoffice';
import { loanDetail, signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

function item(overrides: Partial<TLoanListItem> = {}): TLoanListItem {
  return {
    id: 900,
    identifier: '1152-60-6252',
    status: 'opened',
    borrower: { user_id: 42, name: 'Maria Lopez', email: 'maria@example.com', phone: '+12025550142' },
    repay_method: 'split_direct_deposit',
    amount: 150_000,
    balance: 140_123,
    next_due_date: '2026-12-15',
    days_past_due: 5,
    disbursement_date: '2026-11-20',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Serves GET /loans with `answer(url)`, recording every call's query. */
function serveList(answer: (url: URL) => TLoanListResponse) {
  const urls: URL[] = [];
  server.use(
    http.get(bo('/loans'), ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return HttpResponse.json(answer(url));
    }),
  );
  return urls;
}

const page = (items: TLoanListItem[], next_cursor: string | null = null, total: number | null = items.length): TLoanListResponse => ({
  items,
  next_cursor,
  total,
  business_date: '2026-12-20',
});

describe('loans page', () => {
  it('lists loans with their borrower, status, balance, next due date, days past due and repay method; each row opens its loan', async () => {
    signInAs('servicer');
    const urls = serveList(() =>
      page([
        item(),
        item({
          id: 899,
          identifier: '2026-11-0041',
          borrower: { user_id: 41, name: 'Tom Park', email: 'tom@example.com', phone: null },
          status: 'default',
          repay_method: 'auto_debit',
          days_past_due: 64,
          next_due_date: null,
        }),
      ]),
    );
    server.use(http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())));
    const { router } = renderRoute('/loans');

    const table = await screen.findByRole('table', { name: 'Loans' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Loan number', 'Borrower', 'Status', 'Balance', 'Next due', 'Days past due', 'Repay method']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Maria Lopez');
    expect(rows[1]).toHaveTextContent('maria@example.com');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('$1,401.23');
    expect(rows[1]).toHaveTextContent('12/15/2026');
    expect(rows[1]).toHaveTextContent('Split direct deposit (payroll)');
    expect(rows[2]).toHaveTextContent('64');
    expect(rows[2]).toHaveTextContent('Auto-debit ACH');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 loans found.'));
    expect(document.title).toBe('Loans · Payrail back office');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ per_page: '25' });

    await userEvent.setup().click(within(rows[1]!).getByRole('link', { name: 'Loan 1152-60-6252 of Maria Lopez' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loans/900'));
  });

  it('searches by loan number and filters by status, days past due and repay method, all from one form (keyboard: Enter submits)', async () => {
    signInAs('underwriter');
    const urls = serveList((url) => (url.searchParams.get('q') ? page([item()]) : page([], null, 0)));
    const { router } = renderRoute('/loans');
    const user = userEvent.setup();
    const search = await screen.findByRole('search', { name: 'Find a loan' });
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Status' }), 'Active');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Days past due' }), '1–29 days');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Repay method' }), 'Split direct deposit (payroll)');
    await user.type(within(search).getByRole('searchbox', { name: /Search loans/ }), '1152-60-6252{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?q=1152-60-6252&status=opened&dpd=1-29&repay_method=split_direct_deposit'));
    await waitFor(() =>
      expect(Object.fromEntries(urls.at(-1)!.searchParams)).toEqual({
        q: '1152-60-6252',
        status: 'opened',
        dpd: '1-29',
        repay_method: 'split_direct_deposit',
        per_page: '25',
      }),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 loan found.'));
    expect(within(screen.getByRole('table', { name: 'Loans' })).getByRole('link', { name: /1152-60-6252/ })).toHaveAttribute('href', '/loans/900');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No loan matches this search.'));
  });

  it('shows more loans after the cursor, announcing the count, and moves focus to the first new loan', async () => {
    signInAs('admin');
    const urls = serveList((url) =>
      url.searchParams.get('cursor') === '900' ? page([item({ id: 899, identifier: '2026-11-0041' })], null, 2) : page([item()], '900', 2),
    );
    renderRoute('/loans');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 2 loans.'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more loans' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 loans found.'));
    expect(urls.at(-1)!.searchParams.get('cursor')).toBe('900');
    expect(screen.queryByRole('button', { name: 'Show more loans' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Loan 2026-11-0041 of Maria Lopez'));
  });

  it('without a total (days past due filter) says more may match', async () => {
    signInAs('servicer');
    serveList(() => page([item()], '900', null));
    renderRoute('/loans?dpd=1-29');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 1 loan; more may match.'));
    expect(screen.getByRole('combobox', { name: 'Days past due' })).toHaveValue('1-29');
  });
});

describe('loan page', () => {
  it('is headed by the borrower’s name, links to the member page, names the loan number, and lists the schedule once', async () => {
    signInAs('underwriter');
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/servicing'), () => HttpResponse.json({ error: 'not in this test' }, { status: 500 })),
      http.get(bo('/loans/900/schedule_revisions'), () => HttpResponse.json({ revisions: [], requests: [] })),
    );
    renderRoute('/loans/900');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Member page of Maria Lopez' })).toHaveAttribute('href', '/applications/42');
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent(
      'Loan number 2026-11-0042 · Member page of Maria Lopez · maria@example.com · +12025550142',
    );
    expect(document.title).toBe('Maria Lopez — loan 2026-11-0042 · Payrail back office');
    // The terms' own schedule and disbursements are not repeated above the servicing section's.
    expect(screen.queryByRole('table', { name: 'Payment schedule of loan 2026-11-0042' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment schedule' })).not.toBeInTheDocument();
    // An underwriter reads the loan; issuing a payoff letter stays with servicers.
    expect(screen.queryByRole('form', { name: 'Issue a payoff letter' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to loans' })).toHaveAttribute('href', '/loans');
  });
});
