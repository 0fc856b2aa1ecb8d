import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';

/** Where the borrower chooses the amount (the loan-terms page, and a reviewer's counteroffer). */
export const CHOOSE_TERMS_STATUSES: readonly WorkflowStatus[] = ['loan_terms', 'loan_amount_changed', 'refinancing_loan_terms'];

/** Later statuses whose pages show the chosen terms (bank, documents, review, signature, home). */
export const VIEW_TERMS_STATUSES: readonly WorkflowStatus[] = [
  'bank_link',
  'bank_input',
  'bank_manual_input',
  'bank_manually_insert',
  'choosing_receiver_account',
  'documents',
  'driver_license_uploaded',
  'pay_stub_uploaded',
  'proof_of_address_uploaded',
  'application_review',
  'document_review',
  'ready_for_review',
  'review_application',
  'feedback_sent',
  'select_repay_method',
  'allotment_needed',
  'review_allotment',
  'debit_card',
  'auto_debit_needed',
  'esignature_needed',
  'application_submitted',
  'employer_review',
  'approved',
  'refinancing_review',
  'refinancing_esignature',
];
