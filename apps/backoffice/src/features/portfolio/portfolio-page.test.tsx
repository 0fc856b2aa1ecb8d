import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ZPortfolio } from '@payrail/contract/portfolio';
import type { TPortfolio } from '@payrail/contract/portfolio';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const STATES = ['current', '1-29', '30-59', '60-89', '90-119', '120+', 'charged_off', 'paid_off'] as const;
const BUCKETS = ['current', '1-29', '30-59', '60-89', '90-119', '120+'] as const;
const row = (from: (typeof BUCKETS)[number], principal: number, shares: Partial<Record<(typeof STATES)[number], number>>) => ({
  from,
  count: principal > 0 ? 1 : 0,
  principal,
  to: STATES.map((state) => ({
    state,
    count: shares[state] ? 1 : 0,
    principal: Math.round(((shares[state] ?? 0) * principal) / 10_000),
    share_bp: shares[state] ?? 0,
  })),
});

const answer: TPortfolio = ZPortfolio.parse({
  as_of: '2030-03-05',
  month_ends: ['2030-01-31', '2030-02-28'],
  originations: [
    { month: '2030-01', count: 2, amount: 200_000 },
    { month: '2030-02', count: 1, amount: 250_000 },
  ],
  decisions: [{ month: '2030-01', decided: 4, approved: 3, funded: 3, approval_rate_bp: 7500, funding_rate_bp: 10_000 }],
  balances: [
    { month_end: '2030-01-31', active_count: 2, active_balance: 200_000 },
    { month_end: '2030-02-28', active_count: 3, active_balance: 417_000 },
  ],
  delinquency: [
    {
      month_end: '2030-01-31',
      buckets: BUCKETS.map((bucket) => ({
        bucket,
        count: bucket === 'current' ? 2 : 0,
        principal: bucket === 'current' ? 200_000 : 0,
        share_bp: bucket === 'current' ? 10_000 : 0,
      })),
    },
    {
      month_end: '2030-02-28',
      buckets: BUCKETS.map((bucket) => ({
        bucket,
        count: bucket === 'current' ? 2 : bucket === '1-29' ? 1 : 0,
        principal: bucket === 'current' ? 317_000 : bucket === '1-29' ? 100_000 : 0,
        share_bp: bucket === 'current' ? 7602 : bucket === '1-29' ? 2398 : 0,
      })),
    },
  ],
  roll_rates: [
    {
      from_month_end: '2030-01-31',
      to_month_end: '2030-02-28',
      rows: [row('current', 200_000, { current: 5000, '1-29': 5000 }), ...BUCKETS.slice(1).map((b) => row(b, 0, {}))],
    },
  ],
  charge_offs: [
    { month: '2030-01', count: 0, amount: 0, recoveries: 0, net: 0 },
    { month: '2030-02', count: 0, amount: 0, recoveries: 0, net: 0 },
  ],
  vintages: [
    {
      origination_month: '2030-01',
      count: 2,
      original_amount: 200_000,
      points: [
        { months_on_book: 0, month_end: '2030-01-31', cumulative_charged_off: 0, loss_bp: 0 },
        { months_on_book: 1, month_end: '2030-02-28', cumulative_charged_off: 0, loss_bp: 0 },
      ],
    },
    {
      origination_month: '2030-02',
      count: 1,
      original_amount: 250_000,
      points: [{ months_on_book: 0, month_end: '2030-02-28', cumulative_charged_off: 0, loss_bp: 0 }],
    },
  ],
});

describe('portfolio', () => {
  it('shows every figure with a caption, its data as a table and a CSV download', async () => {
    signInAs('admin');
    let csvAsked = '';
    server.use(
      http.get(bo('/portfolio'), () => HttpResponse.json(answer)),
      http.get(bo('/portfolio/export/:figure'), ({ params }) => {
        csvAsked = String(params.figure);
        return new HttpResponse('month,loans,amount_usd\r\n2030-01,2,2000.00\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    renderRoute('/portfolio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    expect(await screen.findByText(/Month-end figures through Feb 2030 \(2 month ends\)/)).toBeInTheDocument();
    for (const title of [
      'Originations',
      'Approval and funding rates',
      'Active balance',
      'Delinquency buckets',
      'Roll rates',
      'Charge-offs',
      'Static-pool loss curves',
    ]) {
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getByRole('button', { name: `Download ${title} as CSV` })).toBeInTheDocument();
      expect(section.querySelector('figcaption')?.textContent).toBeTruthy();
      expect(within(section).getByText('Chart data as a table')).toBeInTheDocument();
    }
    const originations = within(screen.getByRole('region', { name: 'Originations' })).getByRole('table', { name: 'Originations' });
    expect(
      within(originations)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MonthLoansAmount lent', 'Jan 20302$2,000.00', 'Feb 20301$2,500.00']);
    const rates = within(screen.getByRole('region', { name: 'Approval and funding rates' })).getByRole('table', { name: 'Approval and funding rates' });
    expect(within(rates).getAllByRole('row')[1]).toHaveTextContent('Jan 203043375.00%100.00%');
    const matrix = screen.getByRole('table', { name: /Roll-rate matrix, Jan 2030 to Feb 2030/ });
    expect(within(matrix).getAllByRole('row')[1]).toHaveTextContent('Current$2,000.0050.00%50.00%');
    const summary = screen.getByText('Active balance', { selector: 'dt' }).parentElement!;
    expect(summary).toHaveTextContent('$4,170.00');

    await userEvent.click(screen.getByRole('button', { name: 'Download Originations as CSV' }));
    await waitFor(() => expect(csvAsked).toBe('originations'));
  });

  it('is not offered to servicers', async () => {
    signInAs('servicer');
    renderRoute('/portfolio');
    expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Portfolio' })).not.toBeInTheDocument();
  });
});
