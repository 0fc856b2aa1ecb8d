import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TScheduleRevisions } from '@payrail/contract/care';
import { loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

const revisions: TScheduleRevisions = {
  revisions: [
    {
      id: 5,
      kind: 'hardship',
      source_id: 2,
      created_at: '2029-03-01T10:00:00.000Z',
      dates_moved: 4,
      due_dates_before: ['2029-02-12', '2029-03-12', '2029-04-12', '2029-05-12', '2029-06-12'],
      due_dates_after: ['2029-02-12', '2029-04-12', '2029-05-12', '2029-06-12', '2029-07-12'],
      apr_before: '10.8321',
      apr_after: '9.9000',
      staff: { id: 3, name: 'Sam Servicer' },
    },
    {
      id: 4,
      kind: 'due_date_change',
      source_id: 7,
      created_at: '2029-01-10T12:00:00.000Z',
      dates_moved: 5,
      due_dates_before: ['2029-02-02', '2029-03-02', '2029-04-02', '2029-05-02', '2029-06-02'],
      due_dates_after: ['2029-02-12', '2029-03-12', '2029-04-12', '2029-05-12', '2029-06-12'],
      apr_before: '12.0000',
      apr_after: '10.8321',
      staff: null,
    },
  ],
  due_date_changes: [
    {
      id: 7,
      loan_id: 900,
      status: 'applied',
      requested_date: '2029-02-12',
      signed_at: '2029-01-10T12:00:00.000Z',
      signature_name: 'Ana Lopez',
      ip: '203.0.113.9',
      user_agent: 'Mozilla/5.0',
      agreement_version: '2026-11',
      old_apr: '12.0000',
      new_apr: '10.8321',
      apr_changed: true,
      finance_charge: 2_004,
      total_of_payments: 102_004,
      schedule: [],
      document: { id: 41, file_name: 'due-date-change-2026-11-0042-7-signed.pdf', file_url: '/api/loans/documents/download/41' },
    },
  ],
};

describe('schedule revisions on the loan page', { timeout: 30_000 }, () => {
  it('lists every revision of both kinds with who made it, and the signed due-date change request with its PDF', async () => {
    signInAs('servicer');
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/schedule_revisions'), () => HttpResponse.json(revisions)),
      http.get(bo('/loans/900/due_date_changes/7/pdf'), () => new HttpResponse(new Blob(['%PDF-']), { headers: { 'Content-Type': 'application/pdf' } })),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/loans/900');
    const table = await screen.findByRole('table', { name: 'Schedule revisions' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Hardship request #2' })).toHaveAttribute('href', '/hardship/2');
    expect(within(rows[0]!).getByText('Sam Servicer')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Due date change')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Borrower (self-service)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12.0000% → 10.8321%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5 (Payment 1: 2029-02-02 → 2029-02-12)')).toBeInTheDocument();

    const requests = screen.getByRole('table', { name: 'Due date change requests' });
    expect(within(requests).getByText('203.0.113.9')).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Download the signed agreement of request 7' }));
    await waitFor(() => expect(saved).toEqual(['due-date-change-2026-11-0042-7-signed.pdf']));
    click.mockRestore();
  });
});
