import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TDocument } from '@payrail/contract/documents';
import type { THardshipPage, THardshipRequest } from '@payrail/contract/hardship';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const plans: THardshipPage['plans'] = [
  { defer_payments: 1, first_moved_n: 1, maturity_before: '2029-05-02', maturity_after: '2029-06-02', next_due_date: '2029-03-02' },
  { defer_payments: 2, first_moved_n: 1, maturity_before: '2029-05-02', maturity_after: '2029-07-02', next_due_date: '2029-04-02' },
  { defer_payments: 3, first_moved_n: 1, maturity_before: '2029-05-02', maturity_after: '2029-08-02', next_due_date: '2029-05-02' },
];
const request = (o: Partial<THardshipRequest> = {}): THardshipRequest => ({
  id: 31,
  loan_id: 7,
  loan_identifier: '1234-56-7890',
  status: 'submitted',
  reason: 'medical',
  description: 'I had surgery and cannot work for six weeks.',
  defer_payments: 2,
  waive_late_fees: true,
  monthly_income: null,
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
      documents: [{ id: 100, file_name: 'bill.pdf', uploaded_at: '2029-02-20T11:00:00.000Z' }],
    },
  ],
  ...o,
});
const page = (requests: THardshipRequest[], refusal: string | null = null): THardshipPage => ({
  loan_id: 7,
  loan_identifier: '1234-56-7890',
  loan_status: 'opened',
  days_past_due: 18,
  refusal,
  plans,
  requests,
});

/** A document store for hardship documents, as the server keeps it. */
function documentsServer(initial: TDocument[] = []) {
  let stored: TDocument[] = [...initial];
  server.use(
    http.get(api('/documents'), () => HttpResponse.json(stored)),
    http.post(api('/documents'), async ({ request: req }) => {
      const file = (await req.formData()).get('document[file]') as File;
      const created: TDocument = {
        id: 100 + stored.length,
        file_name: file.name,
        file_url: `/api/documents/${100 + stored.length}`,
        file_size: 2048,
        file_extension: 'pdf',
        document_type_name: 'hardship_document',
      };
      stored = [...stored, created];
      return HttpResponse.json(created, { status: 201 });
    }),
  );
}

describe('hardship help page', { timeout: 30_000 }, () => {
  it('checks the form, announces the errors, then submits the request with its document and shows its status', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    documentsServer();
    let current = page([]);
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get(api('/dashboard/loans/7/hardship'), () => HttpResponse.json(current)),
      http.post(api('/dashboard/loans/7/hardship_requests'), async ({ request: req }) => {
        body = (await req.json()) as Record<string, unknown>;
        current = page([request()], 'This loan already has an open hardship request. You can follow it on this page.');
        return HttpResponse.json(request(), { status: 201 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderRoute('/dashboard/loans/7/hardship');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hardship help' })).toBeInTheDocument();
    expect(screen.getByText('Loan 1234-56-7890 is 18 days past due.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit my request' }));
    const alert = (await screen.findByText('Please correct 3 fields.')).closest('[role="alert"]')!;
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByLabelText(/What happened/)).toHaveAccessibleDescription(/Tell us a little more/);

    await user.selectOptions(screen.getByLabelText('Reason'), 'Medical');
    await user.type(screen.getByLabelText(/What happened/), 'I had surgery and cannot work for six weeks.');
    await user.click(screen.getByRole('radio', { name: /Defer 2 payments/ }));
    await user.click(screen.getByRole('checkbox', { name: /waive the late fees/ }));
    await user.type(screen.getByLabelText(/Monthly income/), '2,500');
    await user.upload(screen.getByTestId('file-upload-input'), new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('bill.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit my request' }));

    await waitFor(() =>
      expect(body).toEqual({
        reason: 'medical',
        description: 'I had surgery and cannot work for six weeks.',
        defer_payments: 2,
        waive_late_fees: true,
        document_ids: [100],
        monthly_income: 250_000,
        monthly_expenses: null,
      }),
    );
    const card = await screen.findByRole('region', { name: 'Hardship request of 02/20/2029' });
    expect(within(card).getByText('Submitted')).toBeInTheDocument();
    expect(within(card).getByText(/You submitted the request \(bill\.pdf\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit my request' })).not.toBeInTheDocument();
  });

  it('shows staff’s question and sends the answer; an approved request shows the new schedule and the re-disclosed APR', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    documentsServer();
    let current = page(
      [request({ status: 'info_requested', staff_message: 'Please send the hospital letter.' })],
      'This loan already has an open hardship request.',
    );
    let answer: unknown;
    server.use(
      http.get(api('/dashboard/loans/7/hardship'), () => HttpResponse.json(current)),
      http.post(api('/dashboard/hardship_requests/31/answer'), async ({ request: req }) => {
        answer = await req.json();
        current = page([
          request({
            status: 'approved',
            staff_message: 'Get well soon.',
            decision: {
              defer_payments: 1,
              waive_late_fees: true,
              waived_fees: 1500,
              apr_before: '12.6800',
              apr_after: '11.9000',
              schedule: [
                { n: 1, due_date: '2029-02-02', new_due_date: '2029-03-02', payment: 25_628, moved: true },
                { n: 2, due_date: '2029-03-02', new_due_date: '2029-04-02', payment: 25_628, moved: true },
              ],
            },
          }),
        ]);
        return HttpResponse.json(request({ status: 'submitted' }));
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/loans/7/hardship');
    const card = await screen.findByRole('region', { name: 'Hardship request of 02/20/2029' });
    expect(within(card).getByText('More information needed')).toBeInTheDocument();
    expect(within(card).getByText('Please send the hospital letter.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send my answer' }));
    expect(await within(card).findByText('Write your answer.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Your answer'), 'Attached is the letter.');
    await user.click(within(card).getByRole('button', { name: 'Send my answer' }));
    await waitFor(() => expect(answer).toEqual({ message: 'Attached is the letter.', document_ids: [] }));
    const table = await screen.findByRole('table', { name: 'Your new payment schedule' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('03/02/2029', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/Late fees waived: \$15\.00\..*APR for the new dates: 11\.90% \(was 12\.68%\)/)).toBeInTheDocument();
    expect(screen.getByText('Get well soon.')).toBeInTheDocument();
  });

  it('after a declined request, a new one does not send the documents of the old one again', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    documentsServer([
      { id: 100, file_name: 'bill.pdf', file_url: '/api/documents/100', file_size: 2048, file_extension: 'pdf', document_type_name: 'hardship_document' },
    ]);
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get(api('/dashboard/loans/7/hardship'), () =>
        HttpResponse.json(page([request({ status: 'declined', staff_message: 'Your income covers the payment.' })])),
      ),
      http.post(api('/dashboard/loans/7/hardship_requests'), async ({ request: req }) => {
        body = (await req.json()) as Record<string, unknown>;
        return HttpResponse.json(request(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/loans/7/hardship');
    expect(await screen.findByText('Your income covers the payment.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reason'), 'Other');
    await user.type(screen.getByLabelText(/What happened/), 'My car broke down and the repair took my savings.');
    await user.click(screen.getByRole('radio', { name: /Defer 1 payment/ }));
    await user.click(screen.getByRole('button', { name: 'Submit my request' }));
    await waitFor(() => expect(body).toMatchObject({ reason: 'other', defer_payments: 1, document_ids: [] }));
  });

  it('a monthly amount that is not dollars is named under its field and counted; the server’s field messages show under their fields', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    documentsServer();
    const bodies: unknown[] = [];
    server.use(
      http.get(api('/dashboard/loans/7/hardship'), () => HttpResponse.json(page([]))),
      http.post(api('/dashboard/loans/7/hardship_requests'), async ({ request: req }) => {
        bodies.push(await req.json());
        return HttpResponse.json({ errors: { description: ['is too long (maximum is 2000 characters)'] } }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/loans/7/hardship');
    await user.selectOptions(await screen.findByLabelText('Reason'), 'Medical');
    await user.type(screen.getByLabelText(/What happened/), 'I had surgery and cannot work for six weeks.');
    await user.click(screen.getByRole('radio', { name: /Defer 1 payment/ }));
    await user.type(screen.getByLabelText(/Monthly income/), '2,500');
    await user.type(screen.getByLabelText(/Monthly expenses/), 'about 1800');
    await user.click(screen.getByRole('button', { name: 'Submit my request' }));
    expect(await screen.findByText('Please correct 1 field.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Monthly expenses/)).toHaveAccessibleDescription(/Enter an amount in dollars, like 1,800\./);
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText(/Monthly expenses/));
    await user.type(screen.getByLabelText(/Monthly expenses/), '$1,800.50');
    await user.click(screen.getByRole('button', { name: 'Submit my request' }));
    const refused = (await screen.findByText('Please correct the fields below.')).closest('[role="alert"]')!;
    await waitFor(() => expect(refused.parentElement).toHaveFocus());
    expect(screen.getByLabelText(/What happened/)).toHaveAccessibleDescription(/is too long/);
    expect(bodies).toEqual([
      {
        reason: 'medical',
        description: 'I had surgery and cannot work for six weeks.',
        defer_payments: 1,
        waive_late_fees: false,
        document_ids: [],
        monthly_income: 250_000,
        monthly_expenses: 180_050,
      },
    ]);
  });
});
