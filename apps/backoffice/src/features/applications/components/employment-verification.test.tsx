import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TBackofficeVerification } from '@payrail/contract/employer-verifications';
import { AppProviders, createQueryClient } from '@payrail/ui/app-providers';
import { signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { EmploymentVerification } from './employment-verification';

const renderPanel = (canRequest: boolean) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <EmploymentVerification userId={42} canRequest={canRequest} />
    </AppProviders>,
  );

const terminated: TBackofficeVerification = {
  id: 5,
  employer_id: 7,
  employer_name: 'Acme Partner',
  applicant_name: 'Robin Gone',
  stated_employee_id: 'E-7',
  requested_on: '2026-11-30',
  due_on: '2026-12-03',
  requested_by: 'Uma Underwriter',
  state: 'answered',
  answer: {
    employment_status: 'terminated',
    hire_date: '2020-01-06',
    pay_frequency: 'biweekly',
    income_range: '25k_50k',
    answered_at: '2026-12-01T10:00:00.000Z',
    answered_by: 'Pat Payroll',
  },
  blocks_approval: 'Acme Partner answered the employment verification: the applicant is no longer employed there. The application cannot be approved.',
};

describe('employment verification on the application page', { timeout: 30_000 }, () => {
  it('shows the employer’s answer and why approval is blocked', async () => {
    signInAs('underwriter');
    server.use(http.get(bo('/applications/42/employment_verification'), () => HttpResponse.json({ user_id: 42, verifications: [terminated] })));
    renderPanel(true);
    expect(await screen.findByText('No longer employed')).toBeInTheDocument();
    expect(screen.getByText('$25,000 – $49,999')).toBeInTheDocument();
    expect(screen.getByText(terminated.blocks_approval!)).toBeInTheDocument();
  });

  it('an underwriter asks the employer; the server’s 409 (no portal users) is shown as is', async () => {
    signInAs('underwriter');
    const bodies: unknown[] = [];
    server.use(
      http.post(bo('/applications/42/employment_verification'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: 'Acme Partner has no active employer portal users, so it cannot answer online.' }, { status: 409 });
      }),
    );
    renderPanel(true);
    expect(await screen.findByText("No employer has been asked to verify this applicant's employment.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Listed employer id/), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Request employment verification' }));
    expect(await screen.findByText('Acme Partner has no active employer portal users, so it cannot answer online.')).toBeInTheDocument();
    expect(bodies).toEqual([{ employer_id: 7 }]);
  });

  it('a servicer reads it without the request form', async () => {
    signInAs('servicer');
    renderPanel(false);
    expect(await screen.findByText("No employer has been asked to verify this applicant's employment.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request employment verification' })).not.toBeInTheDocument();
  });
});
