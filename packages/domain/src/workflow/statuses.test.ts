import { describe, expect, it } from 'vitest';
import { INITIAL_STATUS, STATUS_KIND, WORKFLOW_STATUSES, initialStatus, isWorkflowStatus } from './statuses';

// The list of classic-application-flow.md §4, verbatim.
const SPEC_STATUSES =
  'about_yourself, email_confirmation, phone_verification, phone_code_sent, employer, loan_terms, loan_amount_changed, bank_link, bank_input, bank_manual_input, bank_manually_insert, choosing_receiver_account, documents, driver_license_uploaded, pay_stub_uploaded, proof_of_address_uploaded, application_review, document_review, feedback_sent, allotment_needed, review_allotment, select_repay_method, auto_debit_needed, debit_card, esignature_needed, ready_for_review, application_submitted, employer_review, review_application, approved, declined, denied, reconsider_declined, dropped, canceled, refinancing_application, refinancing_loan_terms, refinancing_review, refinancing_esignature'.split(
    ', ',
  );

// The step keys of newflow-and-dashboard.md §2's slug table, verbatim.
const NEWFLOW_SLUG_TABLE_KEYS =
  'additional_documents, application_submitted, employer_under_review, approved, cant_proceed, denied, dropped, employer_info, esignature_needed, job_info, loan_offer, password_creation, personal_info, phone_validation, rate_check, select_program, split_direct_deposit_manual, split_direct_deposit, ssn_input, verify_bank_account, verify_employer, verify_employer_manual'.split(
    ', ',
  );

describe('workflow statuses', () => {
  it('are exactly the 39 classic statuses plus the new-flow slug-table keys, each once', () => {
    expect(SPEC_STATUSES).toHaveLength(39);
    expect([...WORKFLOW_STATUSES].sort()).toEqual([...new Set([...SPEC_STATUSES, ...NEWFLOW_SLUG_TABLE_KEYS])].sort());
    expect(new Set(WORKFLOW_STATUSES).size).toBe(WORKFLOW_STATUSES.length);
  });

  it('give every status a kind; only the outcomes of an application are final', () => {
    const finals = WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'final');
    expect(finals.sort()).toEqual(['approved', 'canceled', 'cant_proceed', 'declined', 'denied', 'dropped']);
    const reviews = WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'review');
    expect(reviews.sort()).toEqual([
      'application_submitted',
      'employer_review',
      'employer_under_review',
      'ready_for_review',
      'reconsider_declined',
      'review_allotment',
      'review_application',
    ]);
    expect(WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'entry')).toEqual(['email_confirmation']);
  });

  it('recognises known statuses only', () => {
    expect(isWorkflowStatus('loan_terms')).toBe(true);
    expect(isWorkflowStatus('LOAN_TERMS')).toBe(false);
    expect(isWorkflowStatus('toString')).toBe(false);
    expect(isWorkflowStatus('')).toBe(false);
  });

  it('start an e-mail sign-up at email_confirmation and a confirmed (social) one at about_yourself', () => {
    expect(INITIAL_STATUS).toBe('email_confirmation');
    expect(initialStatus(false)).toBe('email_confirmation');
    expect(initialStatus(true)).toBe('about_yourself');
  });
});
