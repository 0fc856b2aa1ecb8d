import { describe, expect, it } from 'vitest';
import { actorsFrom, navigationStack } from './machine';
import { CHOOSE_TERMS_STATUSES, STATUS_ATTRIBUTES, VIEW_TERMS_STATUSES, attributesOf, isStackable, landsHome, statusesWhere } from './status-attributes';
import { NEWFLOW_ONLY_STATUSES, NEWFLOW_STATUSES, STATUS_KIND, WORKFLOW_STATUSES, type WorkflowStatus } from './statuses';

// classic-application-flow.md §2 "Status-to-route map", verbatim (loan_amount_changed's refinancing
// variant below), plus the "other routes seen" whose names are their statuses and the documents page.
const SPEC_ROUTES: Readonly<Record<string, string>> = {
  loan_terms: '/loan_terms',
  loan_amount_changed: '/loan_terms',
  bank_link: '/bank_link',
  bank_manually_insert: '/bank_link',
  bank_input: '/application/bank_input',
  bank_manual_input: '/application/bank_input',
  choosing_receiver_account: '/bank_accounts',
  feedback_sent: '/feedback',
  allotment_needed: '/allotment',
  esignature_needed: '/esignature',
  refinancing_esignature: '/esignature',
  approved: '/',
  refinancing_application: '/',
  refinancing_loan_terms: '/refinance_terms',
  refinancing_review: '/refinance_review',
  debit_card: '/debit_card',
  phone_verification: '/application/phone_verification',
  select_repay_method: '/select_repay_method',
  auto_debit_needed: '/auto_debit',
  application_submitted: '/',
  denied: '/',
  employer_review: '/',
  // Other routes seen
  about_yourself: '/application/about_yourself',
  employer: '/application/employer',
  phone_code_sent: '/application/phone_verification',
  application_review: '/application/application_review',
  document_review: '/application/document_review',
  documents: '/application/documents',
  driver_license_uploaded: '/application/documents',
  pay_stub_uploaded: '/application/documents',
  proof_of_address_uploaded: '/application/documents',
};

// newflow-and-dashboard.md §2 slug table, verbatim.
const SPEC_SLUGS: Readonly<Record<string, string>> = {
  email_confirmation: 'verify_email',
  job_info: 'job_info',
  employer_info: 'employer_info',
  employer_under_review: 'under_review',
  personal_info: 'personal_info',
  ssn_input: 'ssn',
  rate_check: 'checking_rate',
  verify_employer: 'employment',
  verify_employer_manual: 'employment/manual',
  select_program: 'select_program',
  split_direct_deposit: 'split_direct_deposit',
  split_direct_deposit_manual: 'split_direct_deposit_manual',
  verify_bank_account: 'bank_account',
  additional_documents: 'additional_documents',
  loan_offer: 'loan_offer',
  password_creation: 'password_creation',
  phone_validation: 'verify_phone',
  application_submitted: 'under_review',
  approved: 'approved',
  esignature_needed: 'esignature',
  cant_proceed: 'cant_proceed',
  denied: 'denied',
  dropped: 'dropped',
};

// newflow-and-dashboard.md §6, verbatim.
const SPEC_DASHBOARD =
  'employer_review, application_submitted, review_application, review_allotment, ready_for_review, approved, declined, denied, refinancing_application, dropped, canceled, reconsider_declined'.split(
    ', ',
  );

const sorted = (list: readonly string[]) => [...list].sort();

describe('status attributes', () => {
  it('have one row for every status and nothing else', () => {
    expect(sorted(Object.keys(STATUS_ATTRIBUTES))).toEqual(sorted(WORKFLOW_STATUSES));
  });

  it.each(WORKFLOW_STATUSES)('%s opens the classic page of the spec (the home page when the spec lists none)', (status) => {
    expect(STATUS_ATTRIBUTES[status].page).toBe(SPEC_ROUTES[status] ?? '/');
  });

  it('send a refinancing counteroffer to the refinance terms and every other status to its own page', () => {
    expect(statusesWhere((a) => a.refinancePage !== a.page)).toEqual(['loan_amount_changed']);
    expect(STATUS_ATTRIBUTES.loan_amount_changed.refinancePage).toBe('/refinance_terms');
  });

  it.each(WORKFLOW_STATUSES)('%s has the new-flow slug of the spec (or none)', (status) => {
    expect(STATUS_ATTRIBUTES[status].newflowSlug).toBe(SPEC_SLUGS[status] ?? null);
  });

  it('name the new flow of every status: its own, shared where the slug table names a classic status, else classic', () => {
    expect(sorted(statusesWhere((a) => a.flow === 'newflow'))).toEqual(sorted(NEWFLOW_ONLY_STATUSES));
    expect(sorted(statusesWhere((a) => a.flow === 'both'))).toEqual([
      'application_submitted',
      'approved',
      'denied',
      'dropped',
      'email_confirmation',
      'esignature_needed',
    ]);
    expect(sorted(statusesWhere((a) => a.flow !== 'classic'))).toEqual(sorted(NEWFLOW_STATUSES));
    expect(sorted(NEWFLOW_STATUSES)).toEqual(sorted(Object.keys(SPEC_SLUGS)));
  });

  it('keep on the back-button stack every borrower page but the code-sent view, the refinance start and the rate check', () => {
    const steps = WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'step');
    expect(sorted(steps.filter((s) => !STATUS_ATTRIBUTES[s].stack))).toEqual(['phone_code_sent', 'rate_check', 'refinancing_application']);
    expect(statusesWhere((a, s) => a.stack && STATUS_KIND[s] !== 'step')).toEqual([]);
    for (const status of WORKFLOW_STATUSES) expect(isStackable(status)).toBe(STATUS_ATTRIBUTES[status].stack);
    expect(isStackable('nonsense')).toBe(false);
  });

  it('derive the navigation stack from the attribute (an off-stack page never shows on it)', () => {
    expect(
      navigationStack([
        { from: null, to: 'about_yourself' },
        { from: 'about_yourself', to: 'refinancing_application' },
      ]),
    ).toEqual([]);
    expect(
      navigationStack([
        { from: 'personal_info', to: 'ssn_input' },
        { from: 'ssn_input', to: 'rate_check' },
      ]),
    ).toEqual([]);
  });

  it('send the client home after submitted, denied and employer review only (access §4)', () => {
    expect(sorted(statusesWhere((a) => a.home))).toEqual(['application_submitted', 'denied', 'employer_review']);
    expect(landsHome('denied')).toBe(true);
    expect(landsHome('loan_terms')).toBe(false);
    expect(landsHome('nonsense')).toBe(false);
  });

  it('open the dashboard for exactly the review-stage statuses of §6', () => {
    expect(sorted(statusesWhere((a) => a.dashboard))).toEqual(sorted(SPEC_DASHBOARD));
  });

  it('let the amount be chosen on the terms pages and the terms be read from the bank step to approval', () => {
    expect(CHOOSE_TERMS_STATUSES).toEqual(['loan_terms', 'loan_amount_changed', 'refinancing_loan_terms']);
    // Hidden before the amount is chosen (the first steps) and once an application ended without a loan; the new flow prices its own offers.
    const hidden: WorkflowStatus[] = [
      'email_confirmation',
      'about_yourself',
      'employer',
      'phone_verification',
      'phone_code_sent',
      'declined',
      'reconsider_declined',
      'denied',
      'dropped',
      'canceled',
      'refinancing_application',
    ];
    const classic = WORKFLOW_STATUSES.filter((s) => STATUS_ATTRIBUTES[s].flow !== 'newflow');
    expect(sorted(VIEW_TERMS_STATUSES)).toEqual(sorted(classic.filter((s) => !hidden.includes(s) && !CHOOSE_TERMS_STATUSES.includes(s))));
    expect(VIEW_TERMS_STATUSES).toEqual(
      expect.arrayContaining([
        'bank_link',
        'documents',
        'application_review',
        'ready_for_review',
        'esignature_needed',
        'application_submitted',
        'approved',
        'refinancing_review',
        'refinancing_esignature',
      ]),
    );
    expect(CHOOSE_TERMS_STATUSES.filter((s) => VIEW_TERMS_STATUSES.includes(s))).toEqual([]);
  });

  it('read unknown strings as no status', () => {
    expect(attributesOf('toString')).toBeUndefined();
    expect(attributesOf(null)).toBeUndefined();
    expect(attributesOf('loan_terms')?.page).toBe('/loan_terms');
  });
});

describe('who may move a status', () => {
  it('nobody leaves a final status but by a restart (system) or a reviewer reconsidering a decline', () => {
    expect(actorsFrom('approved')).toEqual(['system']);
    expect(actorsFrom('declined')).toEqual(['system', 'reviewer']);
    expect(actorsFrom('cant_proceed')).toEqual(['system']);
  });

  it('a review status is moved by reviewers and the system, never the borrower', () => {
    for (const status of WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'review')) expect(actorsFrom(status)).not.toContain('borrower');
    expect(actorsFrom('ready_for_review')).toEqual(['system', 'reviewer']);
  });

  it('every borrower page but the system-decided ones is moved on by the borrower', () => {
    const pages = WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'step');
    expect(pages.filter((s) => !actorsFrom(s).includes('borrower'))).toEqual(['rate_check']);
    expect(actorsFrom('email_confirmation')).toEqual(['system']);
  });
});
