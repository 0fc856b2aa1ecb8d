import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeEmployeeChange } from '@payrail/contract/employer-deductions';
import { AppProviders, createQueryClient } from '@payrail/ui/app-providers';
import { signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { EmployerEmployeeChanges } from './employee-changes';

function renderSection(employerId: number) {
  const router = createMemoryRouter([{ path: '/employers/:id', element: <EmployerEmployeeChanges employerId={employerId} /> }], {
    initialEntries: [`/employers/${employerId}`],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const base = { employer_id: 7, employer_name: 'Acme Partner', leave_end_date: null, new_pay_frequency: null, loan_ids: [901] };
// Newest first, as the server answers: the open task is in the middle and must come first on screen.
const termination: TBackofficeEmployeeChange = {
  ...base,
  id: 13,
  user_id: 42,
  borrower_name: 'Jordan Lee',
  employee_id: 'E-1042',
  kind: 'termination',
  effective_date: '2031-03-06',
  outcome: 'ach_auto_debit',
  outcome_label: 'Payroll deduction ended; the borrower now repays by automatic bank debit.',
  servicer_status: null,
  reported_at: '2031-03-06T15:00:00.000Z',
};
const frequency: TBackofficeEmployeeChange = {
  ...base,
  id: 12,
  user_id: 43,
  borrower_name: 'Kim Weekly',
  employee_id: 'E-7',
  kind: 'pay_frequency',
  effective_date: '2031-03-14',
  new_pay_frequency: 'weekly',
  outcome: 'servicer_review',
  outcome_label: 'Recorded; our servicing team will contact the borrower about the new schedule.',
  loan_ids: [902, 903],
  servicer_status: 'open',
  reported_at: '2031-03-05T15:00:00.000Z',
};
const leave: TBackofficeEmployeeChange = {
  ...base,
  id: 11,
  user_id: 44,
  borrower_name: 'Robin Away',
  employee_id: 'E-9',
  kind: 'leave',
  effective_date: '2031-03-01',
  leave_end_date: '2031-03-20',
  outcome: 'paused',
  outcome_label: 'Payroll deduction paused for the leave.',
  servicer_status: null,
  reported_at: '2031-03-01T15:00:00.000Z',
};

/** Serves employer 7's changes (asserting the query) and records the POSTs; a POST closes the task. */
function serveChanges() {
  let changes = [termination, frequency, leave];
  const posts: { id: string; body: unknown }[] = [];
  server.use(
    http.get(bo('/employee_changes'), ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('employer_id') !== '7' || url.searchParams.get('status') !== 'all')
        return HttpResponse.json({ error: 'Unexpected query.' }, { status: 400 });
      return HttpResponse.json({ changes });
    }),
    http.post(bo('/employee_changes/:id/done'), async ({ params, request }) => {
      const body = await request.json();
      posts.push({ id: String(params.id), body });
      changes = changes.map((c) => (c.id === Number(params.id) ? { ...c, servicer_status: 'done' as const } : c));
      return HttpResponse.json(changes.find((c) => c.id === Number(params.id)));
    }),
  );
  return posts;
}

describe('the employer page’s employee changes', { timeout: 30_000 }, () => {
  it('lists the changes open first, with kind, employee, effective date, what servicing did and the servicer status', async () => {
    signInAs('servicer');
    serveChanges();
    renderSection(7);
    expect(await screen.findByRole('heading', { level: 2, name: 'Employee changes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Employee changes reported by the employer, open first' });
    expect(screen.getByText(/1 change is waiting for a servicer/)).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Change', 'Employee', 'Effective', 'What servicing did', 'Loans', 'Reported', 'Servicer status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Pay frequency change, to weekly',
      'Termination',
      'Leave of absence, until 03/20/2031',
    ]);
    const open = rows[0]!;
    expect(within(open).getByRole('link', { name: 'Kim Weekly' })).toHaveAttribute('href', '/applications/43');
    expect(within(open).getByText('E-7')).toBeInTheDocument();
    expect(within(open).getByText('03/14/2031')).toBeInTheDocument();
    expect(within(open).getByText(frequency.outcome_label)).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Loan #903' })).toHaveAttribute('href', '/loans/903');
    expect(within(open).getByText('Open: servicer to act')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Mark done: pay frequency change of Kim Weekly' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Nothing to do')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(termination.outcome_label)).toBeInTheDocument();
    // Only the open task has the action.
    expect(within(table).getAllByRole('button', { name: /^Mark done/ })).toHaveLength(1);
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);
  });

  it('marks an open change done with the note (required) and refetches the list; focus returns to the page', async () => {
    signInAs('admin');
    const posts = serveChanges();
    renderSection(7);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Mark done: pay frequency change of Kim Weekly' });

    // Cancel: nothing sent, focus back on the button.
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Mark the pay frequency change of Kim Weekly done?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Mark the pay frequency change of Kim Weekly done?' });
    const note = within(dialog).getByRole('textbox', { name: 'What you did' });
    expect(note).toBeRequired();
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);
    // The note is required: an empty one, then one too short to say anything, is refused on the spot.
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await within(dialog).findByText("Write what you did to align the borrower's schedule (at least 5 characters).")).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveFocus();
    await user.type(note, ' ok ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(posts).toEqual([]);

    await user.clear(note);
    await user.type(note, '  Due-date change to the weekly Friday pay dates, accepted by the borrower. ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('The pay frequency change of Kim Weekly is marked done.')).toBeInTheDocument();
    expect(posts).toEqual([{ id: '12', body: { note: 'Due-date change to the weekly Friday pay dates, accepted by the borrower.' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list was fetched again: the task is done, no action left, and focus is on the section heading.
    const table = screen.getByRole('table', { name: 'Employee changes reported by the employer, open first' });
    expect(within(table).getByRole('row', { name: /Kim Weekly/ })).toHaveTextContent('Done');
    expect(within(table).queryByRole('button', { name: /^Mark done/ })).not.toBeInTheDocument();
    expect(screen.getByText(/No change is waiting for a servicer/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Employee changes' })).toHaveFocus());
  });

  it('shows the server’s refusal in the dialog (a task closed meanwhile)', async () => {
    signInAs('servicer');
    serveChanges();
    server.use(http.post(bo('/employee_changes/:id/done'), () => HttpResponse.json({ error: 'This change has no open servicer task.' }, { status: 409 })));
    renderSection(7);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark done: pay frequency change of Kim Weekly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the pay frequency change of Kim Weekly done?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'What you did' }), 'Payment plan signed.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await within(dialog).findByText('This change has no open servicer task.')).toBeInTheDocument();
  });

  it('offers no action to a role without the restructure capability', async () => {
    signInAs('underwriter');
    serveChanges();
    renderSection(7);
    const table = await screen.findByRole('table', { name: 'Employee changes reported by the employer, open first' });
    expect(within(table).getByText('Open: servicer to act')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Actions');
    expect(screen.queryByRole('button', { name: /Mark done/ })).not.toBeInTheDocument();
  });

  it('says so when the employer reported nothing', async () => {
    signInAs('servicer');
    renderSection(8);
    expect(await screen.findByText('The employer has not reported any termination, leave or pay-frequency change in the portal.')).toBeInTheDocument();
  });

  it('shows the server’s error when the list cannot be loaded', async () => {
    signInAs('servicer');
    server.use(http.get(bo('/employee_changes'), () => HttpResponse.json({ error: 'employer_id is invalid' }, { status: 422 })));
    renderSection(9);
    expect(await screen.findByText('employer_id is invalid')).toBeInTheDocument();
  });
});
