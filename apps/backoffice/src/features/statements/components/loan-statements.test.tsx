import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TStatementsResponse } from '@payrail/contract/statements';
import { loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

const statements: TStatementsResponse = {
  statements: [
    {
      id: 12,
      loan_id: 900,
      loan_number: '2026-11-0042',
      kind: 'monthly',
      period_start: '2027-10-01',
      period_end: '2027-10-31',
      title: 'Statement — October 2027',
      file_name: 'Statement — October 2027.pdf',
      file_url: '/api/backoffice/loans/900/statements/12/pdf',
      file_size: 4_210,
      opening_balance: 100_667,
      closing_balance: 67_551,
      interest_paid: 1_012,
      fees_paid: 0,
      principal_paid: 33_991,
      created_at: '2027-11-01T06:00:00.000Z',
    },
  ],
};

describe('statements on the loan page', { timeout: 30_000 }, () => {
  it('lists each statement with its balances and downloads its PDF', async () => {
    signInAs('underwriter');
    const downloads: string[] = [];
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/statements'), () => HttpResponse.json(statements)),
      http.get(bo('/loans/900/statements/12/pdf'), () => {
        downloads.push('12');
        return new HttpResponse(new Blob(['%PDF-']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/loans/900');
    const table = await screen.findByRole('table', { name: 'Statements issued to the borrower' }, { timeout: 10_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Statement — October 2027')).toBeInTheDocument();
    expect(within(row).getByText('$1,006.67')).toBeInTheDocument();
    expect(within(row).getByText('$675.51')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Download Statement — October 2027' }));
    await waitFor(() => expect(saved).toEqual(['Statement — October 2027.pdf']));
    expect(downloads).toEqual(['12']);
    click.mockRestore();
  });

  it('says so when none was issued yet', async () => {
    signInAs('servicer');
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/statements'), () => HttpResponse.json({ statements: [] })),
    );
    renderRoute('/loans/900');
    const region = await screen.findByRole('region', { name: 'Statements' }, { timeout: 10_000 });
    expect(await within(region).findByText('No statement has been issued for this loan yet.')).toBeInTheDocument();
  });
});
