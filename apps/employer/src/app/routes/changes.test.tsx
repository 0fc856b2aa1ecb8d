import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TEmployeeChange } from '@payrail/contract/employer-deductions';
import { EMPLOYER_DEDUCTIONS_MSG } from '@payrail/contract/employer-deductions';
import { axeViolations } from '../../../test/axe';
import { portalHandlers, signIn } from '../../../test/fixtures';
import { ep, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const leave: TEmployeeChange = {
  id: 9,
  employee_id: 'A-1001',
  employee_name: 'Devon Okafor',
  kind: 'leave',
  effective_date: '2031-04-01',
  leave_end_date: '2031-05-31',
  new_pay_frequency: null,
  outcome: 'paused',
  outcome_label: 'Payroll deduction paused for the leave.',
  reported_at: '2031-03-10T12:00:00.000Z',
  reported_by: 'Harriet Ross',
};

const SAME_FREQUENCY = 'The new pay frequency is the one the deduction already follows.';

describe('Changes', () => {
  it('reports a leave for an employee with a deduction and shows what servicing does', async () => {
    signIn();
    let body: unknown = null;
    let changes: TEmployeeChange[] = [];
    server.use(
      http.get(ep('/changes'), () => HttpResponse.json({ changes })),
      http.post(ep('/changes'), async ({ request }) => {
        body = await request.json();
        changes = [leave];
        return HttpResponse.json(leave, { status: 201 });
      }),
      ...portalHandlers,
    );
    renderRoute('/changes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Changes' })).toBeInTheDocument();
    expect(await screen.findByText('No change reported yet.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Report a change' });

    await user.selectOptions(within(form).getByLabelText('Employee'), 'A-1001');
    await user.selectOptions(within(form).getByLabelText('Change'), 'leave');
    await user.type(within(form).getByLabelText('First day of the leave'), '2031-04-01');
    await user.click(within(form).getByRole('button', { name: 'Report the change' }));
    expect(await within(form).findByText(EMPLOYER_DEDUCTIONS_MSG.leaveEndRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Last day of the leave'), '2031-05-31');
    await user.click(within(form).getByRole('button', { name: 'Report the change' }));
    expect(await screen.findByText('Leave of absence recorded for Devon Okafor')).toBeInTheDocument();
    expect(screen.getByText('Payroll deduction paused for the leave.', { selector: 'div' })).toBeInTheDocument();
    expect(body).toEqual({ employee_id: 'A-1001', kind: 'leave', effective_date: '2031-04-01', leave_end_date: '2031-05-31', new_pay_frequency: null });

    const history = await screen.findByRole('table', { name: 'Changes reported' });
    expect(await within(history).findByText('04/01/2031 to 05/31/2031')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('asks for the new frequency of a pay-frequency change, and shows a refusal in words', async () => {
    signIn();
    server.use(
      http.post(ep('/changes'), () => HttpResponse.json({ error: SAME_FREQUENCY }, { status: 422 })),
      ...portalHandlers,
    );
    renderRoute('/changes');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Report a change' });
    await user.selectOptions(within(form).getByLabelText('Employee'), 'A-1002');
    await user.selectOptions(within(form).getByLabelText('Change'), 'pay_frequency');
    await user.type(within(form).getByLabelText('Effective date'), '2031-04-04');
    await user.click(within(form).getByRole('button', { name: 'Report the change' }));
    expect(await within(form).findByText(EMPLOYER_DEDUCTIONS_MSG.newFrequencyRequired)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('New pay frequency'), 'biweekly');
    await user.click(within(form).getByRole('button', { name: 'Report the change' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(SAME_FREQUENCY);
  });
});
