import type { TLoanTerms } from '@payrail/contract/application';
import type { TBankInformation } from '@payrail/contract/banking';

/** The applicant's saved answers (GET /about_yourself/show_field/:field), by field; override or add what the test is about. */
export const applicantValues = (overrides: Record<string, string | number | null> = {}): Record<string, string | number | null> => ({
  first_name: 'Ana',
  last_name: 'Lima',
  date_of_birth: '04/12/1986',
  address: '1 Rodney Square',
  unit_number: null,
  city: 'Wilmington',
  state_id: 8,
  zip_code: '19801',
  driver_license_number: 'D1234567',
  driver_license_state_id: 8,
  social_security_number: 'xxx-xx-6789',
  ...overrides,
});

/** A GET /loan answer: $3,000 over 26 biweekly payments at 24.87% APR; override what the test is about. */
export const loanTermsFixture = (overrides: Partial<TLoanTerms> = {}): TLoanTerms => ({
  interest_rate: '21.591',
  amount: 300_000,
  fee_amount: 6_000,
  fee_not_financed: false,
  terms: 26,
  payment_per_term: 13_579,
  apr: '24.87',
  term_frequency: 'biweekly',
  disbursement_date: '2026-12-02',
  first_payment_date: '2026-12-18',
  negotiated_amount: null,
  terms_in_months: 12,
  amount_options: [50_000, 100_000, 300_000],
  change_message: null,
  payoff_amount: null,
  fee_label: 'origination fee',
  payment_method: 'split_direct_deposit',
  final_payment: 13_570,
  total_of_payments: 353_045,
  finance_charge: 47_045,
  amount_financed: 306_000,
  ...overrides,
});

/** A GET /bank_informations answer: a checking account entered by hand, not verified yet; override what the test is about. */
export const bankOnFile = (overrides: Partial<TBankInformation> = {}): TBankInformation => ({
  id: 1,
  account_type: 'checking',
  routing_transfer_number: '034821624',
  bank_account_number: '*****6789',
  bank_name: 'HARBOR POINT BANK, N.A.',
  logo: null,
  source: 'manual',
  verified_at: null,
  statement_document_id: null,
  ...overrides,
});
