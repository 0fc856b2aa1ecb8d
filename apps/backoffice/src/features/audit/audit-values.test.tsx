import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { auditValueKinds } from '@payrail/contract/audit';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const hardship = {
  id: 91,
  staff: { id: 6, name: 'Sam Ortiz', role: 'servicer' as const },
  action: 'hardship_approved',
  target_user_id: 42,
  target_user_name: 'Ada Lovelace',
  before: { request_id: 5, loan_id: 900, status: 'pending', due_dates: ['2026-12-05', '2026-12-19'], apr: '28.5784' },
  after: { status: 'approved', defer_payments: 1, waive_late_fees: true, waived_cents: 1_500, due_dates: ['2026-12-19', '2027-01-02'], apr: '28.5784' },
  at: '2026-12-20T09:30:00.000Z',
};

describe('audit values by their type', () => {
  it('reads the types from the contract: money, percentages and days, inside arrays too', () => {
    const kinds = auditValueKinds('hardship_approved', 'after');
    expect(kinds.get('apr')).toBe('percent');
    expect(kinds.get('waived_cents')).toBe('money');
    expect(kinds.get('due_dates')).toBe('date');
    expect(kinds.has('defer_payments')).toBe(false);
    expect(auditValueKinds('payoff_letter_issued', 'after')).toEqual(
      new Map([
        ['good_through', 'date'],
        ['payoff_cents', 'money'],
      ]),
    );
    expect(auditValueKinds('not_described', 'after').size).toBe(0);
  });

  it('shows APR as a percentage, money in dollars and dates as MM/DD/YYYY', async () => {
    signInAs('admin');
    server.use(http.get(bo('/audit'), () => HttpResponse.json({ items: [hardship], total: 1, page: 1, per_page: 50 })));
    renderRoute('/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' }, { timeout: 10_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('APR: 28.58%');
    expect(row).not.toHaveTextContent('28.5784');
    expect(row).toHaveTextContent('Waived: $15.00');
    expect(row).toHaveTextContent('Due dates: 12/05/2026, 12/19/2026');
    expect(row).toHaveTextContent('Due dates: 12/19/2026, 01/02/2027');
    expect(row).toHaveTextContent('Defer payments: 1');
  });
});
