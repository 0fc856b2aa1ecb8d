import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TEmployerVerification } from '@payrail/contract/employer-verifications';
import { axeViolations } from '../../../test/axe';
import { portalHandlers, signIn } from '../../../test/fixtures';
import { ep, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const open: TEmployerVerification = {
  id: 71,
  applicant_name: 'Jordan Lee',
  stated_employee_id: 'E-1042',
  requested_on: '2031-03-10',
  due_on: '2031-03-13',
  state: 'open',
  answer: null,
};
const answered: TEmployerVerification = {
  id: 70,
  applicant_name: 'Ana Diaz',
  stated_employee_id: null,
  requested_on: '2031-03-01',
  due_on: '2031-03-06',
  state: 'answered',
  answer: { employment_status: 'active', hire_date: '2024-05-01', pay_frequency: 'biweekly', answered_at: '2031-03-02T10:00:00.000Z' },
};

describe('Verifications', () => {
  it('answers an open request and lists the answered ones', async () => {
    signIn();
    let body: unknown = null;
    let list = [open, answered];
    server.use(
      http.get(ep('/verifications'), () => HttpResponse.json({ verifications: list })),
      http.post(ep('/verifications/71/answer'), async ({ request }) => {
        body = await request.json();
        const done: TEmployerVerification = {
          ...open,
          state: 'answered',
          answer: { employment_status: 'active', hire_date: '2022-08-15', pay_frequency: null, answered_at: '2031-03-11T09:00:00.000Z' },
        };
        list = [done, answered];
        return HttpResponse.json(done);
      }),
      ...portalHandlers,
    );
    renderRoute('/verifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifications' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Jordan Lee' });
    expect(card).toHaveTextContent('Employee id given: E-1042');
    expect(card).toHaveTextContent('please answer by 03/13/2031');
    const closed = screen.getByRole('table', { name: 'Answered and expired verification requests' });
    expect(within(closed).getAllByRole('row')[1]).toHaveTextContent('Ana Diaz—03/01/2031AnsweredActively employed05/01/202403/02/2031');
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup();
    const form = within(card).getByRole('form', { name: 'Answer for Jordan Lee' });
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect(await within(form).findByText('Choose the employment status.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Employment status'), 'active');
    await user.type(within(form).getByLabelText(/Hire date/), '2022-08-15');
    await user.selectOptions(within(form).getByLabelText(/Annual income range/), '50k_75k');
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));

    expect(await screen.findByText('Thank you: your answer for Jordan Lee was sent.')).toBeInTheDocument();
    expect(body).toEqual({ employment_status: 'active', hire_date: '2022-08-15', income_range: '50k_75k' });
    expect(await screen.findByText('No verification request is waiting for you.')).toBeInTheDocument();
  });

  it('shows the server refusal of an expired request', async () => {
    signIn();
    server.use(
      http.get(ep('/verifications'), () => HttpResponse.json({ verifications: [open] })),
      http.post(ep('/verifications/71/answer'), () =>
        HttpResponse.json({ error: 'This verification request expired (3 business days): underwriting verifies the employment by hand now.' }, { status: 409 }),
      ),
      ...portalHandlers,
    );
    renderRoute('/verifications');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Answer for Jordan Lee' });
    await user.selectOptions(within(form).getByLabelText('Employment status'), 'terminated');
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This verification request expired');
  });
});
