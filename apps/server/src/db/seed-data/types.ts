/**
 * Shapes of the static seed data. Column names are snake_case so that rows map
 * one-to-one onto the database tables the server seeds from these modules.
 */

export interface CompanyInfo {
  readonly legal_name: string;
  readonly brand_name: string;
  readonly bank_name: string;
  readonly support_phone: string;
  readonly support_email: string;
  readonly address: {
    readonly line1: string;
    readonly line2: string;
    readonly city: string;
    readonly state: string;
    readonly postal_code: string;
  };
  /** The address on a single line, as printed in documents. */
  readonly address_line: string;
  readonly website: string;
}

export interface State {
  /** 1..51, in alphabetical order of `name`. */
  readonly id: number;
  readonly name: string;
  /** USPS two-letter code. */
  readonly abbreviation: string;
  /** Whether Payrail currently arranges loans for residents of this state. */
  readonly is_available: boolean;
}

export interface LoanPurpose {
  readonly id: number;
  readonly name: string;
}

export type EmployerType = 'federal' | 'postal' | 'private' | 'state_local';
export type EmployerPartnership = 'b2b_partner';
export type PaymentType = 'allotment' | 'split_direct_deposit';
export type PayFrequency = 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';
export type PayrollService = 'ADP' | 'Paychex' | 'Gusto' | 'Paylocity' | 'Paycom' | 'UKG' | 'Workday' | 'DFAS' | 'NFC' | 'Other' | "Don't know";

export interface PayrollPortal {
  readonly name: string;
  readonly url: string;
}

export interface Employer {
  /** kebab-case, unique. */
  readonly slug: string;
  readonly name: string;
  readonly employer_type: EmployerType;
  readonly partnership: EmployerPartnership | null;
  readonly payment_type: PaymentType;
  readonly pay_frequency: PayFrequency;
  readonly payroll_portal: PayrollPortal | null;
  /** One or two sentences: where an employee of THIS employer downloads a pay stub. */
  readonly pay_stub_help: string;
  readonly video_url: string | null;
  /** Payroll-connection item id (e.g. `item_000123`), when the employer's payroll can be linked. */
  readonly argyle_id: string | null;
  /** Whether employees may be paid in more than one deposit per pay period. */
  readonly multiple_paycheck: boolean;
  readonly payroll_service: PayrollService | null;
  /** True only for the single "not on the list" employer. */
  readonly is_other: boolean;
}

export type AgreementDocumentName =
  | 'privacy_notice'
  | 'consent_eletronic_comunications'
  | 'consent_text_messaging'
  | 'auto_debit_disclosure'
  | 'terms_of_use'
  | 'promissory_note_terms'
  | 'partner_payroll_authorization'
  | 'credit_pull_authorization'
  | 'debit_card_authorization'
  | 'consent_for_loan_eligibility';

export interface AgreementSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface AgreementDocument {
  /** Wire name; spelling is fixed by the API contract (including its typos). */
  readonly name: AgreementDocumentName;
  readonly title: string;
  readonly version: string;
  /** Set only for state-specific documents. */
  readonly state_abbreviation: string | null;
  readonly sections: readonly AgreementSection[];
}

export interface DemoBanner {
  readonly slug: string;
  readonly title: string;
  readonly body: string;
  readonly is_mobile: boolean;
  /** Complete SVG markup (728×90 desktop, 320×100 mobile). */
  readonly svg: string;
}

export type BenefitLevelName = 'zero' | 'bronze' | 'silver' | 'gold';

export interface BenefitLevel {
  readonly level: BenefitLevelName;
  /** Background colour; white text on it meets WCAG AA (≥ 4.5:1). */
  readonly color: string;
}
