import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { TCreditReportingFile, TCreditReportingFiles, TLoanDisputes } from '@payrail/contract/credit-reporting';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { DisputeToggle } from './components/dispute-toggle';
import { AppProviders, createQueryClient } from '@payrail/ui/app-providers';

const march: TCreditReportingFile = {
  id: 7,
  period: '2031-03',
  activity_date: '2031-03-31',
  created_on: '2031-04-01',
  created_at: '2031-04-01T06:00:00.000Z',
  generated_by: null,
  base_records: 3,
  status_counts: { '11': 1, '71': 1, '13': 1 },
  disputed: 1,
  excluded: [{ loan_id: 12, identifier: '1111-22-3333', problems: ['First Line of Address is required'] }],
  byte_size: 2140,
  sha256: 'ab'.repeat(32),
};
const listing: TCreditReportingFiles = { business_date: '2031-05-02', last_ended_period: '2031-04', files: [march] };

describe('credit reporting page', () => {
  it('lists the monthly files with their counts, downloads one, and generates a past month', async () => {
    signInAs('admin');
    let generated: unknown = null;
    let downloads = 0;
    server.use(
      http.get(bo('/credit_reporting/files'), () => HttpResponse.json(listing)),
      http.post(bo('/credit_reporting/files'), async ({ request }) => {
        generated = await request.json();
        return HttpResponse.json({ created: true, file: { ...march, id: 8, period: '2031-04', base_records: 4, generated_by: 'Ada Admin' } }, { status: 201 });
      }),
      http.get(bo('/credit_reporting/files/7/download'), () => {
        downloads += 1;
        return new HttpResponse(new Blob(['HEADER']), { headers: { 'Content-Type': 'text/plain' } });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/credit-reporting');
    const table = await screen.findByRole('table', { name: 'Metro 2 files by month' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Accounts', 'By status', 'Disputed', 'Held back', 'Generated', 'File']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('March 2031');
    expect(row).toHaveTextContent('11 current: 1 · 71 30–59: 1 · 13 paid: 1');
    expect(row).toHaveTextContent('1 (1111-22-3333)');
    expect(row).toHaveTextContent('by the monthly job');
    expect(screen.getByText('Business date 05/02/2031: the latest month that has ended is April 2031.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Credit reporting' })).toBeInTheDocument();
    expect(document.title).toBe('Credit reporting · Payrail back office');
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Download the March 2031 file' }));
    await waitFor(() => expect(saved).toEqual(['METRO2-2031-03.txt']));
    expect(downloads).toBe(1);
    click.mockRestore();

    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(month).toHaveValue('2031-04'); // the latest month without a file
    expect(within(month).getByRole('option', { name: 'March 2031 (made)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(generated).toEqual({ period: '2031-04' }));
    expect(await screen.findByText('The April 2031 file is ready: 4 accounts.')).toBeInTheDocument();
  });

  it('shows why a month cannot be generated', async () => {
    signInAs('admin');
    server.use(
      http.get(bo('/credit_reporting/files'), () => HttpResponse.json({ ...listing, files: [] })),
      http.post(bo('/credit_reporting/files'), () =>
        HttpResponse.json({ error: 'That month has not ended yet on the business date: a month is furnished once it is over.' }, { status: 422 }),
      ),
    );
    renderRoute('/credit-reporting');
    expect(await screen.findByText('No file has been generated yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/has not ended yet/)).toBeInTheDocument();
  });

  it('is not offered to servicers or underwriters', async () => {
    signInAs('servicer');
    renderRoute('/credit-reporting');
    expect(await screen.findByText('This page is not available to your role.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Credit reporting' })).not.toBeInTheDocument();
  });
});

const noDispute: TLoanDisputes = { loan_id: 900, compliance_condition_code: null, disputes: [] };
const openDispute: TLoanDisputes = {
  loan_id: 900,
  compliance_condition_code: 'XB',
  disputes: [
    {
      id: 3,
      loan_id: 900,
      status: 'open',
      opened_on: '2031-03-14',
      opened_by: 'Sam Servicer',
      note: 'Says the payment posted late.',
      resolved_on: null,
      resolved_by: null,
      outcome: null,
      resolution_note: null,
      compliance_condition_code: 'XB',
    },
  ],
};

function renderToggle() {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProviders queryClient={client}>
      <DisputeToggle loanId={900} />
    </AppProviders>,
  );
}

describe('dispute toggle on the loan page', () => {
  it('a servicer flags a dispute (XB), then resolves it with the consumer disagreeing (XC)', async () => {
    signInAs('servicer');
    const bodies: unknown[] = [];
    server.use(
      http.get(bo('/loans/900/disputes'), () => HttpResponse.json(noDispute)),
      http.post(bo('/loans/900/disputes'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(openDispute, { status: 201 });
      }),
      http.post(bo('/loans/900/disputes/3/resolve'), async ({ request }) => {
        bodies.push(await request.json());
        const d = openDispute.disputes[0]!;
        return HttpResponse.json({
          ...openDispute,
          compliance_condition_code: 'XC',
          disputes: [
            {
              ...d,
              status: 'resolved',
              resolved_on: '2031-04-01',
              resolved_by: 'Sam Servicer',
              outcome: 'consumer_disagrees',
              resolution_note: 'Posted on time.',
              compliance_condition_code: 'XC',
            },
          ],
        });
      }),
    );
    renderToggle();
    expect(await screen.findByRole('heading', { name: 'Credit reporting dispute' })).toBeInTheDocument();
    expect(await screen.findByText('No dispute: the account is reported without a compliance condition code.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Flag a dispute' }));
    expect(await screen.findByText('Say what the borrower disputes.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'What the borrower disputes' }), 'Says the payment posted late.');
    await userEvent.click(screen.getByRole('button', { name: 'Flag a dispute' }));
    expect(await screen.findByText('Reported with compliance condition code XB: Disputed by the consumer (FCRA), investigation pending.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ note: 'Says the payment posted late.' });
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map((v) => v.id)).toEqual(
      [],
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Outcome of the investigation' }), 'consumer_disagrees');
    await userEvent.type(screen.getByRole('textbox', { name: 'What the investigation found' }), 'Posted on time.');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    expect(await screen.findByText('Reported with compliance condition code XC: Investigation completed, consumer disagrees.')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ outcome: 'consumer_disagrees', note: 'Posted on time.' });
    expect(screen.queryByRole('button', { name: 'Flag a dispute' })).toBeInTheDocument();
  });

  it('an underwriter reads the dispute but cannot act', async () => {
    signInAs('underwriter');
    server.use(http.get(bo('/loans/900/disputes'), () => HttpResponse.json(openDispute)));
    renderToggle();
    expect(await screen.findByText(/compliance condition code XB/)).toBeInTheDocument();
    expect(screen.getByText(/flagged 03\/14\/2031 by Sam Servicer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve the dispute' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Flag a dispute' })).not.toBeInTheDocument();
  });
});
