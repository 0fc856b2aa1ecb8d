import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TRepaymentTrackerResponse } from '@payrail/contract/borrower-tools';
import { signInAs } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';
import { servicingHandlers } from '../../../../test/servicing-fixtures';

const tracker = (over: Partial<TRepaymentTrackerResponse> = {}): TRepaymentTrackerResponse => ({
  loan_id: 41,
  payroll: true,
  employer: 'Department of Veterans Affairs',
  as_of: '2028-04-10',
  pay_dates: [
    { n: 1, pay_date: '2028-02-03', expected: 34002, received: 34002, in_suspense: 0, status: 'received', reason: null, action: null },
    {
      n: 2,
      pay_date: '2028-03-03',
      expected: 34002,
      received: 20000,
      in_suspense: 0,
      status: 'short',
      reason: 'Your employer remitted $200.00 of the $340.02 expected: $140.02 short.',
      action: 'Pay the $140.02 difference online to stay current.',
    },
    { n: 3, pay_date: '2028-05-03', expected: 34003, received: 0, in_suspense: 0, status: 'upcoming', reason: null, action: null },
  ],
  ...over,
});

describe('payroll deductions tracker on Loans & Payments', { timeout: 20_000 }, () => {
  it('lists each pay date with expected, received, status, and the reason and what to do when short', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2028-04-10' });
    server.use(
      http.get(api('/loans/:id/repayment_tracker'), () => HttpResponse.json(tracker())),
      http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({}, { status: 500 })),
    );
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'Payroll deductions' });
    expect(within(region).getByText(/What Department of Veterans Affairs should send on each payday/)).toBeInTheDocument();
    expect(within(region).getByText(/1 pay date needs your attention\./)).toBeInTheDocument();
    const table = within(region).getByRole('table', { name: 'Payroll deductions by pay date' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows[1]).toEqual([
      '03/03/2028',
      '$340.02',
      '$200.00',
      'Short',
      'Your employer remitted $200.00 of the $340.02 expected: $140.02 short. Pay the $140.02 difference online to stay current.',
    ]);
    expect(rows[2]).toEqual(['05/03/2028', '$340.03', '$0.00', 'Upcoming', '—']);
  });

  it('shows nothing for a loan repaid online', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2028-04-10' });
    let asked = false;
    server.use(
      http.get(api('/loans/:id/repayment_tracker'), () => ((asked = true), HttpResponse.json(tracker({ payroll: false, employer: null, pay_dates: [] })))),
      http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({}, { status: 500 })),
    );
    renderRoute('/dashboard/loans-and-payments');
    await screen.findByRole('region', { name: 'Payoff letter' });
    expect(asked).toBe(true);
    expect(screen.queryByRole('region', { name: 'Payroll deductions' })).not.toBeInTheDocument();
  });
});
