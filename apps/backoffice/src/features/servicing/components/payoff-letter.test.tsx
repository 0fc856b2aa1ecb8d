import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loanDetail, signInAs } from '../../../../test/fixtures';
import { bo, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';

describe('payoff letter on the loan page', { timeout: 30_000 }, () => {
  it('a servicer issues the letter for the chosen date (the business date by default) and gets the PDF', async () => {
    signInAs('servicer');
    const asked: string[] = [];
    server.use(
      http.get(bo('/loans/900'), () => HttpResponse.json(loanDetail())),
      http.get(bo('/loans/900/servicing'), () =>
        HttpResponse.json({
          loan: { id: 900, identifier: '2026-11-0042', user_id: 42, status: 'opened', note_principal: 150_000, payment_per_term: 13_000 },
          business_date: '2026-12-20',
          days_past_due: 0,
          payoff_amount: 140_123,
          paid_total: 0,
          credit_balance: 0,
          schedule: [],
          ledger: [],
          ach_entries: [],
          auto_debit: null,
        }),
      ),
      http.get(bo('/servicing/business_date'), () =>
        HttpResponse.json({ business_date: '2026-12-20', real_date: '2026-12-20', override_date: null, movable: true, last_completed_run: null }),
      ),
      http.get(bo('/loans/900/payoff_letter/:date/pdf'), ({ params }) => {
        asked.push(String(params.date));
        return new HttpResponse(new Blob(['%PDF-']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/loans/900');
    const form = await screen.findByRole('form', { name: 'Issue a payoff letter' }, { timeout: 10_000 });
    await waitFor(() => expect(within(form).getByLabelText(/Good-through date/)).toHaveValue('2026-12-20'));
    fireEvent.change(within(form).getByLabelText(/Good-through date/), { target: { value: '2026-12-31' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Issue payoff letter (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['payoff-letter-900-2026-12-31.pdf']));
    expect(asked).toEqual(['2026-12-31']);
    expect(await screen.findByText('Payoff letter good through 12/31/2026 issued; the borrower was notified.')).toBeInTheDocument();
    click.mockRestore();
  });
});
