import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { applicationDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

/** The application page of applicant 42 in `detail`, with the reviewer moves the server would allow. */
function serve(detail: TApplicationDetail, allowed: string[]) {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http.get(bo('/applications/42'), () => HttpResponse.json(detail)),
    http.get(bo('/applications/42/allowed_statuses'), () =>
      HttpResponse.json({ user_id: 42, current_status: detail.status, allowed_statuses: allowed, transitions: [] }),
    ),
    http.get(bo('/members/42/requests'), () => HttpResponse.json({ requests: [] })),
    http.get(bo('/members/42/consents'), () =>
      HttpResponse.json({
        records: [],
        electronic_communications: { state: 'given', delivery: 'electronic', withdrawn_at: null, mailing_address: null, consequences: [], history: [] },
      }),
    ),
    http.get(bo('/applications/42/employer_review'), () =>
      HttpResponse.json({
        user_id: 42,
        status: detail.status,
        described: { name: 'Acme Tools', multiple_paycheck: 'Yes', payroll_service: 'Gusto', work_email: 'maria@acme.test' },
        payment_frequency: 'weekly',
        candidates: [{ id: 7, name: 'Acme Tools Inc' }],
      }),
    ),
    http.post(bo('/applications/42/:action'), async ({ request, params }) => {
      const text = await request.text();
      calls.push({ path: String(params.action), body: text ? JSON.parse(text) : null });
      const to = params.action === 'approve_allotment' ? 'esignature_needed' : params.action === 'employer_review' ? 'personal_info' : 'review_application';
      return HttpResponse.json({ ok: true, previous_status: detail.status, new_status: to });
    }),
  );
  return calls;
}

describe('reviewer actions by status', { timeout: 20_000 }, () => {
  it('at the allotment review offers "Approve allotment" (to the e-signature), not "Approve"', async () => {
    signInAs('underwriter');
    const calls = serve(applicationDetail({ status: 'review_allotment' }), [
      'debit_card',
      'esignature_needed',
      'allotment_needed',
      'feedback_sent',
      'canceled',
      'dropped',
    ]);
    renderRoute('/applications/42');
    const user = userEvent.setup();
    // The first render of the page loads its code: allow it more than the default second.
    const section = await screen.findByRole('region', { name: 'Allotment review' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    // The other moves out of the allotment review stay in "Move to status"; the approval is the button's.
    const select = screen.getByRole('combobox', { name: 'Move to status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a status', 'Debit card', 'Allotment needed', 'Feedback sent', 'Canceled', 'Dropped']);
    await user.click(within(section).getByRole('button', { name: 'Approve allotment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the allotment?' });
    expect(dialog).toHaveTextContent('the borrower is asked to sign the promissory note');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve allotment' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'approve_allotment', body: null }]));
    expect(await screen.findByText('Allotment approved: the borrower signs next. Now: Esignature needed.')).toBeInTheDocument();
  });

  it('shows "Approve" only where the server allows approving, and no allotment action elsewhere', async () => {
    signInAs('underwriter');
    serve(applicationDetail({ status: 'ready_for_review' }), ['review_application', 'feedback_sent', 'declined']);
    renderRoute('/applications/42');
    await screen.findByRole('combobox', { name: 'Move to status' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Allotment review' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('cancelling the move confirmation sends nothing; a counteroffer names its amount', async () => {
    signInAs('underwriter');
    const calls = serve(applicationDetail({ status: 'review_application' }), ['loan_amount_changed', 'select_repay_method']);
    renderRoute('/applications/42');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to status' }), 'loan_amount_changed');
    await user.type(screen.getByRole('textbox', { name: 'Largest amount offered (dollars)' }), '1,250.50');
    await user.click(screen.getByRole('button', { name: 'Move status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to Loan amount changed?' });
    expect(dialog).toHaveTextContent('offering at most $1,250.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Move status' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Move to Loan amount changed?' })).getByRole('button', { name: 'Move status' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'status', body: { new_status: 'loan_amount_changed', negotiated_amount: 125_050 } }]));
  });

  it('shows the employer the applicant typed in, matches a listed one, and stops only with a reason', async () => {
    signInAs('underwriter');
    const calls = serve(applicationDetail({ status: 'employer_under_review' }), ['personal_info', 'cant_proceed', 'canceled']);
    renderRoute('/applications/42');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Employer review' });
    expect(await within(section).findByText('Acme Tools')).toBeInTheDocument();
    expect(within(section).getByText('Gusto')).toBeInTheDocument();
    expect(within(section).getByText('maria@acme.test')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cannot proceed' }));
    const stop = await screen.findByRole('dialog', { name: 'Stop the application?' });
    await user.click(within(stop).getByRole('button', { name: 'Cannot proceed' }));
    expect(within(stop).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Give the reason the application cannot proceed\./);
    expect(calls).toHaveLength(0);
    await user.click(within(stop).getByRole('button', { name: 'Cancel' }));

    await user.click(within(section).getByRole('button', { name: 'Accept employer' }));
    const accept = await screen.findByRole('dialog', { name: 'Accept the employer?' });
    const employer = within(accept).getByRole('combobox', { name: 'Employer' });
    expect(
      within(employer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Add “Acme Tools” to the employer list', 'Listed: Acme Tools Inc']);
    expect(within(accept).getByRole('textbox', { name: 'Employer name' })).toHaveValue('Acme Tools');
    await user.selectOptions(employer, '7');
    expect(within(accept).queryByRole('textbox', { name: 'Employer name' })).not.toBeInTheDocument();
    await user.click(within(accept).getByRole('button', { name: 'Accept employer' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'employer_review', body: { decision: 'accept', employer_id: 7 } }]));
  });

  it('labels an approved, signed application waiting for its loan "Funding queue"', async () => {
    signInAs('servicer');
    serve(applicationDetail({ status: 'approved', waiting_on: 'funding' }), []);
    renderRoute('/applications/42');
    await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' });
    expect(screen.getByText('Funding queue')).toBeInTheDocument();
    expect(screen.queryByText('Nobody (closed)')).not.toBeInTheDocument();
  });
});
