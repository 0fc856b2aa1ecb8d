import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeEmployerVerifications } from '@payrail/contract/employer-verifications';
import { AppProviders, createQueryClient } from '@payrail/ui/app-providers';
import { signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { EmployerOpenVerifications } from './open-verifications';

function renderSection(employerId: number) {
  const router = createMemoryRouter([{ path: '/employers/:id', element: <EmployerOpenVerifications employerId={employerId} /> }], {
    initialEntries: [`/employers/${employerId}`],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const base = { employer_id: 7, employer_name: 'Acme Partner', requested_by: 'Uma Underwriter', blocks_approval: null };
const answer: TBackofficeEmployerVerifications = {
  employer_id: 7,
  verifications: [
    {
      ...base,
      id: 3,
      user_id: 42,
      applicant_name: 'Jordan Lee',
      stated_employee_id: 'E-1042',
      requested_on: '2026-11-30',
      due_on: '2026-12-03',
      state: 'open',
      answer: null,
    },
    {
      ...base,
      id: 2,
      user_id: 43,
      applicant_name: 'Kim Late',
      stated_employee_id: null,
      requested_on: '2026-11-20',
      due_on: '2026-11-25',
      state: 'expired',
      answer: null,
    },
    {
      ...base,
      id: 1,
      user_id: 44,
      applicant_name: 'Robin Gone',
      stated_employee_id: 'E-7',
      requested_on: '2026-11-10',
      due_on: '2026-11-13',
      state: 'answered',
      answer: {
        employment_status: 'terminated',
        hire_date: '2020-01-06',
        pay_frequency: 'biweekly',
        answered_at: '2026-11-11T10:00:00.000Z',
        income_range: null,
        answered_by: 'Pat Payroll',
      },
      blocks_approval: 'Acme Partner answered the employment verification: the applicant is no longer employed there. The application cannot be approved.',
    },
  ],
};

describe('the employer page’s employment verifications', { timeout: 30_000 }, () => {
  it('lists the requests open first, each with its applicant, due date, state and answer', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/employers/7/verifications'), () => HttpResponse.json(answer)));
    renderSection(7);
    const table = await screen.findByRole('table', { name: 'Employment verification requests, open first' });
    expect(screen.getByText(/1 request is waiting for the employer's answer/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Jordan Lee', 'Kim Late', 'Robin Gone']);
    expect(within(rows[0]!).getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute('href', '/applications/42');
    expect(within(rows[0]!).getByText('Waiting for the employer')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12/03/2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Expired: manual review')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No longer employed (Pat Payroll)')).toBeInTheDocument();
  });

  it('says so when nothing was asked of the employer', async () => {
    signInAs('underwriter');
    server.use(http.get(bo('/employers/8/verifications'), () => HttpResponse.json({ employer_id: 8, verifications: [] })));
    renderSection(8);
    expect(await screen.findByText('Underwriting has not asked this employer to verify any employment yet.')).toBeInTheDocument();
  });

  it('shows the server’s error', async () => {
    signInAs('admin');
    server.use(http.get(bo('/employers/9/verifications'), () => HttpResponse.json({ error: 'Employer not found.' }, { status: 404 })));
    renderSection(9);
    expect(await screen.findByText('Employer not found.')).toBeInTheDocument();
  });
});
