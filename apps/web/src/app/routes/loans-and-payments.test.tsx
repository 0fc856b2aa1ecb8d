import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_PLAN_AGREEMENT } from '@payrail/contract/payment-plan';
import { signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { loanDocument, paymentRow, servicingHandlers, servicingLoan } from '../../../test/servicing-fixtures';

const signedIn = () => signInAs({ workflow_status: 'approved', feedback_rating: true });

describe('loans & payments: loan details (spec §2 loanDetails)', { timeout: 20_000 }, () => {
  it('shows the opened loan: progress truncated to one decimal, terms, documents, payment history', async () => {
    signedIn();
    // 2/3 of the total of payments paid: 66.66…% is shown 66.6%, not 66.7%.
    servicingHandlers({
      loan: servicingLoan({ paid_amount: 240_000, total_of_payments: 360_000 }),
      payments: [
        paymentRow({
          id: 1,
          amount: 123_456_78,
          principal_paid: 100_000_00,
          interest_paid: 23_456_78,
          fees_paid: 0,
          due_date: '2026-10-15',
          effective_date: '2026-10-14',
        }),
      ],
      documents: [loanDocument({ id: 9, file_name: 'Promissory note and disclosures 2026.pdf' }), loanDocument({ id: 10, file_name: 'Short name.pdf' })],
    });
    renderRoute('/dashboard/loans-and-payments');
    const progress = await screen.findByRole('region', { name: 'Loan progress' });
    expect(within(progress).getByRole('img', { name: '66.6% paid' })).toBeInTheDocument();
    const circle = within(progress).getByRole('img', { name: '66.6% paid' });
    expect(circle).toHaveAttribute('width', '165');
    expect(circle).toHaveAttribute('data-stroke-width', '12');

    const terms = screen.getByRole('region', { name: 'Loan terms' });
    expect(within(terms).getByText('2026-11-0041')).toBeInTheDocument();
    expect(within(terms).getByText('Active')).toBeInTheDocument();
    expect(within(terms).getByText('$3,000.00')).toBeInTheDocument();
    expect(within(terms).getByText('29.87%')).toBeInTheDocument();
    expect(within(terms).getByText('10/01/2026')).toBeInTheDocument();

    const documents = screen.getByRole('region', { name: 'Documents' });
    // 40 characters: 27 plus an ellipsis on screen; the full name for screen readers.
    expect(await within(documents).findByText('Promissory note and disclos...')).toBeInTheDocument();
    expect(within(documents).getByText('Short name.pdf')).toBeInTheDocument();

    const history = await screen.findByRole('table', { name: 'Payment history' });
    const cells = within(history)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['One-time payment', '$123,456.78', '$100,000.00', '$23,456.78', '$0.00', '10/15/2026', '10/14/2026']);
    // Text alternative of the charts.
    expect(screen.getByText(/Principal went from/)).toBeInTheDocument();
  });

  it('a payment plan the servicer proposed is announced with its deadline and a link to review it', async () => {
    signedIn();
    const loan = servicingLoan({});
    servicingHandlers({ loan, payments: [], documents: [] });
    server.use(
      http.get(api(`/dashboard/loans/${loan.id}/payment_plans`), () =>
        HttpResponse.json({
          plans: [
            {
              id: 3,
              loan_id: loan.id,
              loan_identifier: loan.identifier,
              status: 'proposed',
              proposed_on: '2026-11-30',
              expires_on: '2026-12-07',
              quote: null,
              refusal: null,
              agreement: { version: PAYMENT_PLAN_AGREEMENT.version, paragraphs: [...PAYMENT_PLAN_AGREEMENT.paragraphs] },
              signature_name: null,
              signed_at: null,
              document: null,
            },
          ],
        }),
      ),
    );
    renderRoute('/dashboard/loans-and-payments');
    expect(await screen.findByText('A payment plan is waiting for you')).toBeInTheDocument();
    expect(screen.getByText(/sign it by 12\/07\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review the payment plan' })).toHaveAttribute('href', `/dashboard/loans/${loan.id}/payment-plan`);
  });

  it('selecting several documents downloads them as one zip of those ids', async () => {
    signedIn();
    servicingHandlers({ documents: [loanDocument({ id: 9 }), loanDocument({ id: 10, file_name: 'Truth in lending.pdf' })] });
    const asked: unknown[] = [];
    server.use(
      http.post(api('/loans/documents/download/zip'), async ({ request }) => {
        asked.push(await request.json());
        return new HttpResponse(new Blob(['PK']), { headers: { 'Content-Type': 'application/zip' } });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/loans-and-payments');
    const documents = await screen.findByRole('region', { name: 'Documents' });
    const zip = await within(documents).findByRole('button', { name: 'Download selected as zip' });
    expect(zip).toBeDisabled();
    await user.click(within(documents).getByRole('checkbox', { name: 'Select Promissory note and disclosures 2026.pdf' }));
    await user.click(within(documents).getByRole('checkbox', { name: 'Select Truth in lending.pdf' }));
    await user.click(within(documents).getByRole('button', { name: 'Download selected (2) as zip' }));
    await waitFor(() => expect(saved).toEqual(['loan-2026-11-0041-documents.zip']));
    expect(asked).toEqual([{ documents: [9, 10] }]);
    click.mockRestore();
  });

  it('a pending loan (no opened loan) sends the borrower to the loan history', async () => {
    signedIn();
    const pending = servicingLoan({ id: 50, identifier: '2026-11-0050', loan_status: 'pending' });
    servicingHandlers({ loan: null, applying: pending, history: [pending] });
    const { router } = renderRoute('/dashboard/loans-and-payments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loans-and-payments/loan-history'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan history' })).toHaveAttribute('data-any-opened', 'false');
  });

  it('refinance status: eligible offers Refinance; reapply counts the days down without a button', async () => {
    signedIn();
    servicingHandlers({ loan: servicingLoan({ eligible_for_refinance: true }) });
    renderRoute('/dashboard/loans-and-payments');
    const block = await screen.findByRole('region', { name: 'Refinance' });
    expect(within(block).getByRole('link', { name: 'Refinance' })).toHaveAttribute('href', '/refinance_terms');
  });

  it('not eligible: what refinancing needs, each met or not (newflow §5)', async () => {
    signedIn();
    servicingHandlers({ loan: servicingLoan() });
    renderRoute('/dashboard/loans-and-payments');
    const block = await screen.findByRole('region', { name: 'Refinance' });
    expect(block).toHaveTextContent('You repaid a share of your total balance (40% to 60%, subject to change): not yet');
    expect(block).toHaveTextContent('No pending transactions: done');
    expect(within(block).queryByRole('link')).not.toBeInTheDocument();
  });

  it('pending: a refinance of this loan in progress offers Continue; under review has no button', async () => {
    signedIn();
    servicingHandlers({ loan: servicingLoan({ refinance_in_progress: true }) });
    renderRoute('/dashboard/loans-and-payments');
    const block = await screen.findByRole('region', { name: 'Refinance' });
    expect(block).toHaveTextContent('Your refinance application is in progress.');
    expect(within(block).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('review: a refinance under review shows no button', async () => {
    signedIn();
    servicingHandlers({ loan: servicingLoan({ refinance_in_progress: true, is_under_review: true }) });
    renderRoute('/dashboard/loans-and-payments');
    const block = await screen.findByRole('region', { name: 'Refinance' });
    expect(block).toHaveTextContent('Your refinance application is under review.');
    expect(within(block).queryByRole('link')).not.toBeInTheDocument();
  });

  it('reapply: "1 day left" and the date, no button', async () => {
    signedIn();
    servicingHandlers({ loan: servicingLoan({ days_left_for_reapply_refinance: 1, date_to_reapply_refinance: '2026-12-02' }) });
    renderRoute('/dashboard/loans-and-payments');
    const block = await screen.findByRole('region', { name: 'Refinance' });
    expect(block).toHaveTextContent('1 day left to apply for a refinance again (on 12/02/2026).');
    expect(within(block).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('hasNelNet (spec §1)', { timeout: 20_000 }, () => {
  it('a button to the external servicer, a full-page link carrying the token', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true, has_nelnet: true }, 'tok-nel');
    servicingHandlers();
    renderRoute('/dashboard/loans-and-payments');
    const link = await screen.findByRole('link', { name: 'Manage your loan at our servicer' });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('token')).toBe('tok-nel');
    expect(link).not.toHaveAttribute('target');
  });
});

describe('loan history (spec §2 loanHistory)', { timeout: 20_000 }, () => {
  it('labels statuses, links each loan to its details, and the title reflects an opened loan', async () => {
    signedIn();
    const opened = servicingLoan();
    const finished = servicingLoan({ id: 12, identifier: '2025-01-0012', loan_status: 'closed_paid', principal_balance: 0 });
    const refinanced = servicingLoan({ id: 11, identifier: '2024-06-0011', loan_status: 'closed_refinanced' });
    servicingHandlers({ loan: opened, history: [opened, finished, refinanced] });
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard/loans-and-payments/loan-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan history' })).toHaveAttribute('data-any-opened', 'true');
    const table = screen.getByRole('table', { name: 'Your loans' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(statuses).toEqual(['Active', 'Finished', 'Refinanced']);
    await user.click(within(table).getByRole('link', { name: 'Loan 2025-01-0012' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loans-and-payments/loan-history/2025-01-0012'));
    const terms = await screen.findByRole('region', { name: 'Loan terms' });
    expect(within(terms).getByText('Finished')).toBeInTheDocument();
    // A finished loan shows no progress and no payments.
    expect(screen.queryByRole('region', { name: 'Loan progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Loan history' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loans-and-payments'));
  });
});
