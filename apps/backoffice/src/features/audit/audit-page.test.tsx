import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TAuditItem } from '@payrail/contract/backoffice';
import { signInAs, STAFF } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const entry = {
  id: 77,
  staff: { id: 4, name: 'Dana Reyes', role: 'underwriter' as const },
  action: 'reveal_ssn',
  target_user_id: 42,
  target_user_name: 'Ada Lovelace',
  before: null,
  after: { field: 'social_security_number' },
  at: '2026-11-22T09:30:00.000Z',
};

/** GET /audit answers these entries, all on one page. */
function answerAudit(items: TAuditItem[]) {
  server.use(http.get(bo('/audit'), () => HttpResponse.json({ items, total: items.length, page: 1, per_page: 50 })));
}

/** The text of one column of the table, row by row (the header row left out). */
function columnTexts(table: HTMLElement, column: number): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');
}

function recordAudit() {
  const urls: URL[] = [];
  server.use(
    http.get(bo('/audit'), ({ request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json({ items: [entry], total: 120, page: Number(new URL(request.url).searchParams.get('page') ?? 1), per_page: 50 });
    }),
  );
  return urls;
}

describe('audit log', () => {
  it('lists entries and sends the filters as query parameters', async () => {
    signInAs('admin');
    const urls = recordAudit();
    const { router } = renderRoute('/audit');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Dana Reyes (Underwriter)');
    expect(row).toHaveTextContent('Reveal ssn');
    expect(within(row).getByRole('link', { name: 'Ada Lovelace (#42)' })).toHaveAttribute('href', '/applications/42');
    expect(document.title).toBe('Audit log · Payrail back office');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ page: '1', per_page: '50' });

    await user.type(screen.getByRole('spinbutton', { name: 'Staff id' }), '4');
    await user.type(screen.getByLabelText('Action'), 'reveal_ssn');
    await user.type(screen.getByRole('spinbutton', { name: 'Applicant (user id)' }), '42');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-22');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(urls).toHaveLength(2));
    expect(Object.fromEntries(urls[1]!.searchParams)).toEqual({
      staff_id: '4',
      action: 'reveal_ssn',
      user_id: '42',
      from: '2026-11-01',
      to: '2026-11-22',
      page: '1',
      per_page: '50',
    });
    expect(router.state.location.search).toContain('action=reveal_ssn');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
    expect(urls.at(-1)?.searchParams.get('action')).toBe('reveal_ssn');
  });

  it('names the applicant next to the id; the id alone before a name is known; a dash without applicant', async () => {
    signInAs('admin');
    answerAudit([
      { ...entry, id: 1, target_user_id: 42, target_user_name: 'Ada Lovelace' },
      { ...entry, id: 2, target_user_id: 43, target_user_name: null },
      { ...entry, id: 3, action: 'start_system_event', target_user_id: null, target_user_name: null },
    ]);
    renderRoute('/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const applicants = columnTexts(table, 3);
    expect(applicants).toEqual(['Ada Lovelace (#42)', '#43', '—']);
    expect(within(table).getByRole('link', { name: '#43' })).toHaveAttribute('href', '/applications/43');
  });

  it("formats as money the keys the contract's snapshot of the action types as cents, and nothing else", async () => {
    signInAs('admin');
    answerAudit([
      {
        ...entry,
        id: 1,
        action: 'fund',
        before: { status: 'funding_needed', loan: null },
        after: { loan_id: 9, identifier: 'PR-9', amount_cents: 150_000, trace_id: 'T1' },
      },
      {
        ...entry,
        id: 2,
        action: 'approve',
        before: { status: 'application_review', not_qualified_reason: null, reapply_on: null, negotiated_amount: 90_000 },
        after: null,
      },
      { ...entry, id: 3, action: 'remittance_imported', before: null, after: { batch_id: 5, lines: 3, total_cents: 4_250, source: 'upload' } },
      // An action the contract does not describe: a name ending in "amount" is not taken for money.
      { ...entry, id: 4, action: 'legacy_adjustment', before: null, after: { amount: 700 } },
    ]);
    renderRoute('/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const details = columnTexts(table, 4);
    expect(details[0]).toContain('Amount: $1,500.00');
    expect(details[0]).toContain('Loan id: 9');
    expect(details[1]).toContain('Negotiated amount: $900.00');
    expect(details[2]).toContain('Total: $42.50');
    expect(details[2]).toContain('Lines: 3');
    expect(details[3]).toContain('Amount: 700');
    expect(details[3]).not.toContain('$');
  });

  it('refuses a date range that runs backwards', async () => {
    signInAs('admin');
    const urls = recordAudit();
    renderRoute('/audit');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit log entries' });
    await user.type(screen.getByLabelText('From'), '2026-11-22');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('The start date must be on or before the end date.');
    expect(urls).toHaveLength(1);
  });

  it('is not available to underwriters and servicers', async () => {
    signInAs('underwriter');
    renderRoute('/audit');
    expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(STAFF.underwriter.role).toBe('underwriter');
  });
});
