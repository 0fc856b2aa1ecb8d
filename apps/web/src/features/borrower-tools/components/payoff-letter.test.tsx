import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TPayoffLetterResponse } from '@payrail/contract/borrower-tools';
import { signInAs } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { renderRoute } from '../../../../test/render';
import { servicingHandlers } from '../../../../test/servicing-fixtures';

const letter = (date: string, over: Partial<TPayoffLetterResponse> = {}): TPayoffLetterResponse => ({
  loan_id: 41,
  loan_number: '2026-11-0041',
  borrower_name: 'Jordan Rivera',
  letter_date: '2026-11-20',
  good_through: date,
  payoff_amount: 287_567,
  principal: 285_028,
  interest: 2_539,
  fees: 0,
  per_diem: 127,
  pending_debits: [
    {
      id: 7,
      status: 'scheduled',
      date: '2026-11-25',
      amount: 5_000,
      effect: 'lowers',
      change: 5_000,
      payoff_if: 282_567,
      explanation: 'The $50.00 debit scheduled on 11/25/2026 is not counted: once collected, the payoff amount falls by $50.00 to $2,825.67.',
    },
  ],
  send_funds: {
    online: 'Sign in to Payrail, open Loans & Payments and choose "Payoff".',
    wire: {
      bank_name: 'Harbor Point Bank, N.A.',
      routing_number: '034821624',
      account_number: '8800012345',
      account_name: 'Payrail, Inc. Loan Payments',
      reference: 'Loan 2026-11-0041 payoff',
    },
    mail: { payee: 'Payrail, Inc.', address_lines: ['Payrail, Inc., Loan Payments', '100 Rail Street'], memo: 'Loan 2026-11-0041 payoff' },
  },
  ...over,
});

describe('payoff letter on Loans & Payments', { timeout: 20_000 }, () => {
  it('shows the figures for the business date, follows the chosen date, and downloads the PDF of that date', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2026-11-20' });
    const asked: string[] = [];
    server.use(
      http.get(api('/loans/:id/payoff_letter/:date'), ({ params }) => {
        asked.push(String(params.date));
        return HttpResponse.json(letter(String(params.date), params.date === '2026-11-30' ? { payoff_amount: 290_000 } : {}));
      }),
      http.get(api('/loans/:id/payoff_letter/:date/pdf'), () => new HttpResponse(new Blob(['%PDF-']), { headers: { 'Content-Type': 'application/pdf' } })),
    );
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'Payoff letter' });
    expect(await within(region).findByText('$2,875.67')).toBeInTheDocument();
    expect(within(region).getByText('Payoff amount through 11/20/2026')).toBeInTheDocument();
    expect(within(region).getByText('$1.27 for each day after 11/20/2026')).toBeInTheDocument();
    expect(within(region).getByText(/falls by \$50\.00 to \$2,825\.67/)).toBeInTheDocument();
    expect(within(region).getByText(/routing number 034821624, account 8800012345/)).toBeInTheDocument();

    // A date picked in the browser fires `input` (which React's onChange answers), then `change`.
    fireEvent.input(within(region).getByLabelText(/Good-through date/), { target: { value: '2026-11-30' } });
    expect(await within(region).findByText('$2,900.00')).toBeInTheDocument();
    expect(asked).toEqual(['2026-11-20', '2026-11-30']);

    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(within(region).getByRole('button', { name: 'Download payoff letter (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['payoff-letter-2026-11-0041-2026-11-30.pdf']));
    click.mockRestore();
  });

  it('a date before the business date asks for a later one and calls nothing', async () => {
    signInAs({ workflow_status: 'approved', feedback_rating: true });
    servicingHandlers({ businessDate: '2026-11-20' });
    const asked: string[] = [];
    server.use(
      http.get(api('/loans/:id/payoff_letter/:date'), ({ params }) => (asked.push(String(params.date)), HttpResponse.json(letter(String(params.date))))),
    );
    renderRoute('/dashboard/loans-and-payments');
    const region = await screen.findByRole('region', { name: 'Payoff letter' });
    await within(region).findByText('$2,875.67');
    fireEvent.input(within(region).getByLabelText(/Good-through date/), { target: { value: '2026-11-19' } });
    expect(await within(region).findByText('Choose a date from 11/20/2026.')).toBeInTheDocument();
    expect(asked).toEqual(['2026-11-20']);
  });
});
