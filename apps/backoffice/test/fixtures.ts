import { http, HttpResponse } from 'msw';
import type { TOpenRequest } from '@payrail/contract/care';
import type { StaffRole, TStaffMember } from '@payrail/contract/staff';
import type { TApplicationDetail, TLoanDetailResponse, TQueueItem } from '@payrail/contract/backoffice';
import type { TBusinessDateResponse, TLoanServicingResponse, TRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { staffSession } from '../src/lib/staff-session';
import { bo, server } from './msw-server';

export const STAFF: Record<StaffRole, TStaffMember> = {
  admin: { id: 1, email: 'ada@payrail.test', name: 'Ada Admin', role: 'admin' },
  underwriter: { id: 4, email: 'dana@payrail.test', name: 'Dana Reyes', role: 'underwriter' },
  servicer: { id: 7, email: 'sam@payrail.test', name: 'Sam Servicer', role: 'servicer' },
};

/** A stored session for the role, with GET /me answering that staff member. */
export function signInAs(role: StaffRole): TStaffMember {
  const staff = STAFF[role];
  staffSession.setToken(`Bearer ${role}-token`);
  staffSession.setStaff(staff);
  server.use(http.get(bo('/me'), () => HttpResponse.json(staff)));
  return staff;
}

export function queueItem(overrides: Partial<TQueueItem> = {}): TQueueItem {
  return {
    user_id: 42,
    name: 'Maria Lopez',
    email: 'maria@example.com',
    status: 'application_submitted',
    waiting_on: 'lender',
    employer: { id: 9, name: 'Acme Postal' },
    state: 'TX',
    amount_cents: 150000,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    age_days: 21,
    ...overrides,
  };
}

export function applicationDetail(overrides: Partial<TApplicationDetail> = {}): TApplicationDetail {
  return {
    user_id: 42,
    status: 'application_submitted',
    waiting_on: 'lender',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    servicer_flags: { has_nelnet: false, nelnet_id: null, has_jack_henry: false },
    borrower: {
      first_name: 'Maria',
      middle_name: null,
      last_name: 'Lopez',
      date_of_birth: '04/12/1988',
      social_security_number: '***-**-1234',
      email: 'maria@example.com',
      phone: '5125550100',
      phone_confirmed: true,
      address: '1 Main St',
      unit_number: null,
      city: 'Austin',
      state: { id: 44, abbreviation: 'TX', name: 'Texas' },
      zip_code: '78701',
      housing: { housing_type: 'rent', housing_payment_cents: 120000 },
      income: { annual_income_cents: 5200000, annual_household_income_cents: null },
      employer: { id: 9, name: 'Acme Postal' },
      employee_id: 'E-77',
      working_time_range: '3 - 5 years',
      income_source: 'Employed',
      loan_purpose: 'Car repair',
      other: {},
      references: [{ first_name: 'Ann', last_name: 'Lee', relationship: 'Sister', phone: '5125550111' }],
    },
    bank: { bank_name: 'First Bank', routing_number: '*****0021', account_number: '****6789', account_type: 'checking', source: 'manual' },
    loan_terms: {
      amount: 150000,
      fee_amount: 5000,
      interest_rate: '24.0',
      apr: '29.9',
      terms: 26,
      term_frequency: 'biweekly',
      payment_per_term: 6500,
      disbursement_date: '2026-11-25',
      first_payment_date: '2026-12-05',
      negotiated_amount: null,
      payment_method: 'split_direct_deposit',
    },
    documents: [
      { id: 301, type: 'pay_stub', file_name: 'stub.png', file_size: 2048, view_url: '/api/backoffice/documents/301', uploaded_at: '2026-11-10T10:00:00.000Z' },
    ],
    history: [{ from: 'documents', to: 'application_submitted', event: 'submit', actor: 'borrower', staff: null, at: '2026-11-20T10:00:00.000Z' }],
    decisions: [{ id: 5, rule_set_version: 'v3', outcome: 'manual_review', reasons: ['Income not verified'], at: '2026-11-20T10:01:00.000Z' }],
    feedback_requests: [],
    messages: [{ id: 8, to: 'maria@example.com', subject: 'We received your application', template: 'application_submitted', at: '2026-11-20T10:02:00.000Z' }],
    esignature: null,
    loan: null,
    ...overrides,
  };
}

export function loanDetail(): TLoanDetailResponse {
  return {
    loan: {
      id: 900,
      user_id: 42,
      identifier: '2026-11-0042',
      status: 'opened',
      amount: 150000,
      fee: 5000,
      interest_rate: '24.0',
      apr: '29.9',
      frequency: 'biweekly',
      terms: 2,
      disbursement_date: '2026-11-25',
      first_payment_date: '2026-12-05',
      note_principal: 155000,
      finance_charge: 3000,
      total_of_payments: 158000,
      signed_note_document_id: null,
      created_at: '2026-11-22T10:00:00.000Z',
    },
    borrower: { user_id: 42, name: 'Maria Lopez', email: 'maria@example.com', phone: '+12025550142' },
    installments: [
      { n: 1, due_date: '2026-12-05', payment: 79000, interest: 1500, principal: 77500, balance: 77500 },
      { n: 2, due_date: '2026-12-19', payment: 79000, interest: 1500, principal: 77500, balance: 0 },
    ],
    disbursements: [{ id: 3, amount: 150000, trace_id: 'TR-1', status: 'pending', created_at: '2026-11-22T10:00:00.000Z' }],
  };
}

/** GET /servicing/business_date: the clock moved to 12/20/2026 (outside production), the run of 12/19 done. */
export function deskBusinessDate(overrides: Partial<TBusinessDateResponse> = {}): TBusinessDateResponse {
  return { business_date: '2026-12-20', real_date: '2026-11-25', override_date: '2026-12-20', movable: true, last_completed_run: '2026-12-19', ...overrides };
}

/**
 * The servicing desk's reads: the business date, the suspense lines (read on each call, so a test can
 * change them) and no referral payout waiting, so no read of the page waits on a retry.
 */
export function servicingDeskHandlers({ movable = true, suspense = () => [] }: { movable?: boolean; suspense?: () => TRemittanceLine[] } = {}) {
  return [
    http.get(bo('/servicing/business_date'), () => HttpResponse.json(deskBusinessDate({ movable }))),
    http.get(bo('/remittances/suspense'), () => HttpResponse.json({ lines: suspense() })),
    http.get(bo('/referral_payouts'), () => HttpResponse.json({ business_date: '2026-12-20', payable: [] })),
  ];
}

type LedgerEntry = TLoanServicingResponse['ledger'][number];

/** A ledger entry of the loan servicing view, made at 10:00 UTC on its effective date by the system. */
export function ledgerEntry(id: number, kind: LedgerEntry['kind'], date: string, amount: number, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    kind,
    effective_date: date,
    amount,
    transaction_id: null,
    reverses_entry_id: null,
    reversed_by_entry_id: null,
    installment: null,
    reason_code: null,
    reason: null,
    created_by_staff_id: null,
    created_at: `${date}T10:00:00Z`,
    ...extra,
  };
}

/** A borrower's open request (GET /members/:id/requests): the auto-debit to authorize for loan 1234-56-7890. */
export const OPEN_REQUEST: TOpenRequest = {
  key: 'auto_debit_authorization:7',
  kind: 'auto_debit_authorization',
  title: 'Authorize your automatic payments',
  detail: 'Loan 1234-56-7890 is repaid by auto-debit.',
  status: 'to_do',
  since: null,
  action: { kind: 'link', label: 'Set up auto-debit', to: '/dashboard/loans-and-payments' },
};
