import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { THardshipDetail } from '@payrail/contract/hardship';
import { signInAs } from '../../../test/fixtures';
import { bo, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const schedule = (k: number) => [
  { n: 1, due_date: '2029-02-02', new_due_date: ['2029-03-02', '2029-04-02', '2029-05-02'][k - 1]!, payment: 25_628, moved: true },
  { n: 2, due_date: '2029-03-02', new_due_date: ['2029-04-02', '2029-05-02', '2029-06-02'][k - 1]!, payment: 25_628, moved: true },
];
const detail = (o: Partial<THardshipDetail['request']> = {}): THardshipDetail => ({
  request: {
    id: 31,
    loan_id: 7,
    loan_identifier: '1234-56-7890',
    status: 'submitted',
    reason: 'job_loss',
    description: 'My hours were cut in half in January.',
    defer_payments: 2,
    waive_late_fees: true,
    monthly_income: 250_000,
    monthly_expenses: null,
    staff_message: null,
    decision: null,
    created_at: '2029-02-20T12:00:00.000Z',
    decided_at: null,
    history: [
      {
        kind: 'submitted',
        by: 'borrower',
        staff_name: null,
        message: null,
        at: '2029-02-20T12:00:00.000Z',
        documents: [{ id: 100, file_name: 'letter.pdf', uploaded_at: '2029-02-20T11:00:00.000Z' }],
      },
    ],
    ...o,
  },
  borrower: { user_id: 42, name: 'Maria Lopez', email: 'maria@example.com' },
  loan: {
    id: 7,
    identifier: '1234-56-7890',
    status: 'opened',
    frequency: 'monthly',
    payment_per_term: 25_628,
    outstanding_balance: 100_500,
    principal_balance: 100_000,
    next_due_date: '2029-02-02',
    days_past_due: 18,
    late_fees: 1_500,
    apr: '12.6800',
  },
  plans: [1, 2, 3].map((k) => ({ defer_payments: k, schedule: schedule(k), maturity_after: '2029-06-02' })),
  approval_refusal: null,
});

describe('hardship request page (back office)', { timeout: 30_000 }, () => {
  it('shows the borrower, the loan position and the request; a servicer approves with the waiver after seeing the schedule', async () => {
    signInAs('servicer');
    let body: unknown;
    server.use(
      http.get(bo('/hardship_requests/31'), () => HttpResponse.json(detail())),
      http.post(bo('/hardship_requests/31/decision'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(detail({ status: 'approved' }));
      }),
    );
    const user = userEvent.setup();
    renderRoute('/hardship/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hardship request #31' })).toBeInTheDocument();
    const loan = screen.getByRole('region', { name: 'Borrower and loan' });
    expect(within(loan).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', '/applications/42');
    expect(within(loan).getByText('18')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download letter.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save the decision' }));
    expect(await screen.findByText('Choose a decision.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Approve a deferral' }));
    expect(screen.getByRole('radio', { name: /Defer 2/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Waive the late fees ($15.00)' })).toBeChecked();
    const table = screen.getByRole('table', { name: 'Schedule after the deferral' });
    expect(within(table).getByText('05/02/2029')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve and move the schedule' }));
    await waitFor(() => expect(body).toEqual({ decision: 'approve', defer_payments: 2, waive_late_fees: true }));
    expect(await screen.findByText(/^Approved · submitted/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decision' })).not.toBeInTheDocument();
  });

  it('a decline needs its reason: the error is shown and the field takes the focus', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/hardship_requests/31'), () => HttpResponse.json(detail())));
    const user = userEvent.setup();
    renderRoute('/hardship/31');
    await user.click(await screen.findByRole('radio', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    expect(await screen.findByText('Please give the reason for declining.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason for declining (sent to the borrower)')).toHaveFocus();
  });

  it('an underwriter reads the request without the decision form or downloads', async () => {
    signInAs('underwriter');
    server.use(http.get(bo('/hardship_requests/31'), () => HttpResponse.json(detail())));
    renderRoute('/hardship/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hardship request #31' })).toBeInTheDocument();
    expect(screen.getByText('letter.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download letter.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decision' })).not.toBeInTheDocument();
  });
});
