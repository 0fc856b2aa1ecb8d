import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../test/axe';
import { DEDUCTION_FILE, DEDUCTIONS, portalHandlers, signIn } from '../../../test/fixtures';
import { ep, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const CSV = 'pay_date,employee_id,employee_name,deduction,change\r\n2031-03-14,A-1001,Devon Okafor,125.40,unchanged\r\n';

describe('Deductions', () => {
  let saved: { name: string; blob: Blob } | null = null;
  beforeEach(() => {
    saved = null;
    // The download goes through an object URL and a clicked link; both are observed here.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = { name: '', blob: blob as Blob };
      return 'blob:deductions';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (saved) saved.name = this.download;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the next payroll file with its changes and the active deductions, and downloads the CSV with the session token', async () => {
    signIn();
    let csvAuthorization: string | null = null;
    let csvQuery: string | null = null;
    server.use(
      ...portalHandlers,
      http.get(ep('/deduction_file.csv'), ({ request }) => {
        csvAuthorization = request.headers.get('authorization');
        csvQuery = new URL(request.url).searchParams.get('pay_date');
        return new HttpResponse(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    renderRoute('/deductions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Deductions' })).toBeInTheDocument();
    const file = await screen.findByRole('table', { name: 'Deductions on 03/14/2031' });
    const rows = within(file).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Devon OkaforA-1001$125.40$125.40Unchanged');
    expect(rows[2]).toHaveTextContent('Sam ReyesA-1003$70.00—New');
    expect(rows[3]).toHaveTextContent('Maria LopezA-1002$0.00$98.00Ended');
    expect(screen.getByText('1 new, 0 changed, 1 ended, 1 unchanged')).toBeInTheDocument();
    expect(screen.getByText('$195.40')).toBeInTheDocument();
    expect(screen.getByText('the payroll of 02/28/2031')).toBeInTheDocument();

    const active = await screen.findByRole('table', { name: 'Employees with an active payroll deduction' });
    expect(within(active).getAllByRole('row')[1]).toHaveTextContent('Devon OkaforA-1001$125.4001/03/203112/19/203103/14/2031');
    expect(within(active).getAllByRole('row')[2]).toHaveTextContent('PausedLeave 03/01/2031 to 04/30/2031');
    expect(screen.getByText(/2 employees repay a Payrail loan by payroll deduction, paid every two weeks/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved?.name).toBe('deductions-2031-03-14.csv'));
    expect(await saved!.blob.text()).toBe(CSV);
    expect(csvAuthorization).toBe('Bearer employer-token');
    expect(csvQuery).toBe('2031-03-14');
  });

  it('shows a leave ahead beside the next deduction, and one in progress as paused', async () => {
    signIn();
    server.use(
      http.get(ep('/deductions'), () =>
        HttpResponse.json({
          ...DEDUCTIONS,
          employees: [
            { ...DEDUCTIONS.employees[0]!, paused_from: '2031-04-01', paused_to: '2031-04-30' },
            { ...DEDUCTIONS.employees[1]!, next_pay_date: '2031-05-09' },
          ],
        }),
      ),
      ...portalHandlers,
    );
    renderRoute('/deductions');
    const active = await screen.findByRole('table', { name: 'Employees with an active payroll deduction' });
    const [, devon, maria] = within(active).getAllByRole('row');
    expect(devon).toHaveTextContent('03/14/2031Pauses for a leave 04/01/2031 to 04/30/2031');
    expect(within(devon!).queryByText('Paused')).not.toBeInTheDocument();
    expect(maria).toHaveTextContent('PausedLeave 03/01/2031 to 04/30/2031; resumes 05/09/2031');
  });

  it('says so when no payroll deduction is due', async () => {
    signIn();
    server.use(
      http.get(ep('/deduction_file'), () =>
        HttpResponse.json({
          ...DEDUCTION_FILE,
          pay_date: null,
          previous_pay_date: null,
          lines: [],
          changes: { new: 0, changed: 0, ended: 0, unchanged: 0 },
          total: 0,
          file_name: null,
        }),
      ),
      ...portalHandlers,
    );
    renderRoute('/deductions');
    expect(await screen.findByText('No payroll deduction is due on or after 03/10/2031.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('shows a download failure in words', async () => {
    signIn();
    server.use(
      ...portalHandlers,
      http.get(ep('/deduction_file.csv'), () => HttpResponse.json({ error: 'The deduction file could not be built.' }, { status: 422 })),
    );
    renderRoute('/deductions');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The deduction file could not be built.');
  });
});
