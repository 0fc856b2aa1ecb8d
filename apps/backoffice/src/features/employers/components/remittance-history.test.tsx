import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeEmployerRemittances } from '@payrail/contract/employer-remittances';
import { AppProviders, createQueryClient } from '@payrail/ui/app-providers';
import { signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { EmployerRemittanceHistory } from './remittance-history';

function renderSection(employerId: number) {
  const router = createMemoryRouter([{ path: '/employers/:id', element: <EmployerRemittanceHistory employerId={employerId} /> }], {
    initialEntries: [`/employers/${employerId}`],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

type RemittanceLine = TBackofficeEmployerRemittances['remittances'][number]['lines'][number];

/** A line remitted as deducted (in both remittances of the answer). */
const exactLine: RemittanceLine = {
  employee_id: 'E-1',
  employee_name: 'Ada Exact',
  expected: 34_002,
  remitted: 34_002,
  difference: 0,
  status: 'exact',
  reason: 'Remitted as deducted.',
  loan_id: 901,
};

const answer: TBackofficeEmployerRemittances = {
  employer_id: 7,
  remittances: [
    {
      id: 12,
      batch_id: 340,
      pay_date: '2026-11-27',
      method: 'upload',
      file_name: 'payroll-1127.csv',
      submitted_at: '2026-11-28T15:00:00.000Z',
      submitted_by: 'Pat Payroll',
      expected: 68_004,
      remitted: 63_004,
      counts: { exact: 1, short: 1, over: 0, missing: 1, unknown_employee: 1 },
      lines: [
        exactLine,
        {
          employee_id: 'E-2',
          employee_name: 'Sam Short',
          expected: 34_002,
          remitted: 29_002,
          difference: -5_000,
          status: 'short',
          reason: 'Remitted $290.02 of $340.02: $50.00 short.',
          loan_id: 902,
        },
        {
          employee_id: 'E-3',
          employee_name: 'Mo Missing',
          expected: 34_002,
          remitted: 0,
          difference: -34_002,
          status: 'missing',
          reason: 'Nothing remitted: $340.02 was to be deducted.',
          loan_id: 903,
        },
        {
          employee_id: 'ZZ',
          employee_name: null,
          expected: 0,
          remitted: 1_000,
          difference: 1_000,
          status: 'unknown_employee',
          reason: 'No employee with a payroll deduction has the id ZZ.',
          loan_id: null,
        },
      ],
    },
    {
      id: 11,
      batch_id: 320,
      pay_date: '2026-11-13',
      method: 'screen',
      file_name: null,
      submitted_at: '2026-11-14T15:00:00.000Z',
      submitted_by: null,
      expected: 34_002,
      remitted: 34_002,
      counts: { exact: 1, short: 0, over: 0, missing: 0, unknown_employee: 0 },
      lines: [exactLine],
    },
  ],
};

describe('the employer page’s remittance history', { timeout: 30_000 }, () => {
  it('shows each remittance with its differences in words; the one with differences is open with each employee’s reason and loan', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/employers/7/remittances'), () => HttpResponse.json(answer)));
    renderSection(7);
    expect(await screen.findByRole('heading', { name: 'Remittances' })).toBeInTheDocument();
    expect(await screen.findByText(/1 short, 1 missing, 1 unknown employee/)).toBeInTheDocument();
    expect(screen.getByText(/All exact/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Reconciliation of the 11/27/2026 remittance' });
    const short = within(table).getByRole('row', { name: /Sam Short/ });
    expect(within(short).getByText('−$50.00')).toBeInTheDocument();
    expect(within(short).getByText('Short')).toBeInTheDocument();
    expect(within(short).getByRole('link', { name: 'Loan #902' })).toHaveAttribute('href', '/loans/902');
    expect(within(within(table).getByRole('row', { name: /Mo Missing/ })).getByText('Missing')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /ZZ/ })).getByText('In suspense')).toBeInTheDocument();
    // The all-exact remittance is closed until asked.
    expect(screen.queryByRole('table', { name: 'Reconciliation of the 11/13/2026 remittance' })).not.toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Show the reconciliation' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(screen.getByRole('table', { name: 'Reconciliation of the 11/13/2026 remittance' })).toBeInTheDocument();
  });

  it('says so when the employer has submitted nothing', async () => {
    signInAs('admin');
    server.use(http.get(bo('/employers/8/remittances'), () => HttpResponse.json({ employer_id: 8, remittances: [] })));
    renderSection(8);
    expect(await screen.findByText('No remittances submitted in the employer portal yet.')).toBeInTheDocument();
  });

  it('an underwriter (who does not handle remittances) does not get the section', async () => {
    signInAs('underwriter');
    let asked = false;
    server.use(
      http.get(bo('/employers/9/remittances'), () => {
        asked = true;
        return HttpResponse.json({ employer_id: 9, remittances: [] });
      }),
    );
    renderSection(9);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Remittances' })).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
