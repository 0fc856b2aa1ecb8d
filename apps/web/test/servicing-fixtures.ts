import { http, HttpResponse } from 'msw';
import type { TLoanDocument, TPaymentRow, TScheduledPayment, TServicingLoan } from '@payrail/contract/servicing';
import { api, server } from './msw-server';

/** An opened loan as GET /loans/ongoing_loans answers it (money in cents). */
export function servicingLoan(overrides: Partial<TServicingLoan> = {}): TServicingLoan {
  return {
    id: 41,
    identifier: '2026-11-0041',
    loan_status: 'opened',
    due_date: '2026-12-15',
    effective_date: '2026-10-01',
    amount: 300_000,
    payment_per_term: 15_000,
    fee_amount: 2500,
    fee_label: 'Origination fee',
    interest_rate: '5.99',
    apr: '29.87',
    terms_in_months: 12,
    number_of_allotments: 24,
    finance_charge: 60_000,
    total_of_payments: 360_000,
    term_frequency: 'biweekly',
    principal_balance: 200_000,
    outstanding_balance: 201_234,
    paid_amount: 240_000,
    eligible_for_refinance: false,
    requirements_to_refinance: { no_pending_transactions: true, account_current: true, paid_enough: false, no_application_in_progress: true },
    loan_master_loaded: true,
    updated_at: '2026-11-20T10:00:00Z',
    number_of_payments: 2,
    terms: 24,
    total_allotments_paid: 16,
    remaining_terms: 8,
    days_left_for_reapply_refinance: null,
    date_to_reapply_refinance: null,
    is_waiting_esign: false,
    is_under_review: false,
    refinance_in_progress: false,
    days_past_due: 0,
    ...overrides,
  };
}

export const paymentRow = (overrides: Partial<TPaymentRow> = {}): TPaymentRow => ({
  id: 1,
  loan_id: 41,
  source: 'one_time',
  amount: 15_000,
  principal_paid: 13_500,
  interest_paid: 1500,
  fees_paid: 0,
  due_date: '2026-10-15',
  effective_date: '2026-10-14',
  status: 'posted',
  returned_on: null,
  return_reason: null,
  ...overrides,
});

export const scheduled = (overrides: Partial<TScheduledPayment> = {}): TScheduledPayment => ({
  id: 301,
  transaction_status: 'scheduled',
  due_date: '2026-12-01',
  amount: 5000,
  pay_method: 'ach',
  transaction_mode: 'one_time',
  ...overrides,
});

export const loanDocument = (overrides: Partial<TLoanDocument> = {}): TLoanDocument => ({
  id: 9,
  file_name: 'Promissory note and disclosures 2026.pdf',
  file_url: '/api/loans/documents/download/9',
  file_size: 20_480,
  file_extension: 'pdf',
  ...overrides,
});

export interface ServicingWorld {
  loan?: TServicingLoan | null;
  applying?: TServicingLoan | null;
  history?: TServicingLoan[];
  payments?: TPaymentRow[];
  documents?: TLoanDocument[];
  transactions?: TScheduledPayment[];
  /** Servicing's business date (GET /business_date); the browser's date (UTC) when absent. */
  businessDate?: string;
}

/** Shell calls plus every servicing read of the borrower, answered from `world`. */
export function servicingHandlers(world: ServicingWorld = {}) {
  const loan = world.loan === undefined ? servicingLoan() : world.loan;
  server.use(
    http.get(api('/notifications'), () => HttpResponse.json([])),
    http.get(api('/benefits'), () => HttpResponse.json({ level: 'zero', color: '#8a99a6', read: true })),
    http.get(api('/banners'), () => HttpResponse.json([])),
    // The payments page loads the card tokenizer for its Debit card panel.
    http.get(api('/card_tokenizer/config'), () => HttpResponse.json({ provider: 'sandbox', publishable_key: null })),
    http.get(api('/loans/ongoing_loans'), () =>
      HttpResponse.json({ ...(loan ? { opened_loan: { loan } } : {}), ...(world.applying ? { applying_loan: { loan: world.applying } } : {}) }),
    ),
    http.get(api('/loans/history'), () => HttpResponse.json({ loans: world.history ?? (loan ? [loan] : []) })),
    http.get(api('/loans/history/payments'), () => HttpResponse.json({ payments: world.payments ?? [] })),
    http.get(api('/loans/:id/documents'), () => HttpResponse.json({ documents: world.documents ?? [] })),
    http.get(api('/transactions/loan/:loanId'), () => HttpResponse.json({ transactions: world.transactions ?? [] })),
    ...(world.businessDate ? [http.get(api('/business_date'), () => HttpResponse.json({ business_date: world.businessDate }))] : []),
    // Borrower tools (issue #13): a loan repaid online has no payroll tracker; the payoff letter is not under test here.
    http.get(api('/loans/:id/repayment_tracker'), ({ params }) =>
      HttpResponse.json({ loan_id: Number(params.id), payroll: false, employer: null, as_of: world.businessDate ?? '2026-11-20', pay_dates: [] }),
    ),
    http.get(api('/loans/:id/payoff_letter/:date'), () => HttpResponse.json({ error: 'Not in this test.' }, { status: 404 })),
    // The payment forms quote their date (the payoff, and what a one-time payment may be): nothing on its way here.
    http.get(api('/:loanId/payoff/:date'), ({ params }) => {
      const payoff = loan?.outstanding_balance ?? 0;
      return HttpResponse.json({ payoff_amount: payoff, date: String(params.date), payable_amount: payoff, on_its_way_amount: 0 });
    }),
    http.get(api('/bank_informations'), () =>
      HttpResponse.json({
        id: 3,
        account_type: 'checking',
        routing_transfer_number: '011000015',
        bank_account_number: '****6789',
        bank_name: 'Harbor Point Bank',
        logo: null,
        source: 'manual',
        verified_at: '2026-09-01T00:00:00Z',
        statement_document_id: null,
      }),
    ),
  );
  return { loan };
}
