import { describe, expect, it } from 'vitest';
import { dashboardRedirect, routeForStatus } from './status-routes';

describe('routeForStatus', () => {
  it.each([
    ['loan_terms', '/loan_terms'],
    ['bank_link', '/bank_link'],
    ['bank_manually_insert', '/bank_link'],
    ['bank_input', '/application/bank_input'],
    ['bank_manual_input', '/application/bank_input'],
    ['choosing_receiver_account', '/bank_accounts'],
    ['feedback_sent', '/feedback'],
    ['allotment_needed', '/allotment'],
    ['esignature_needed', '/esignature'],
    ['refinancing_esignature', '/esignature'],
    ['approved', '/'],
    ['refinancing_application', '/'],
    ['refinancing_loan_terms', '/refinance_terms'],
    ['refinancing_review', '/refinance_review'],
    ['debit_card', '/debit_card'],
    ['phone_verification', '/application/phone_verification'],
    ['phone_code_sent', '/application/phone_verification'],
    ['about_yourself', '/application/about_yourself'],
    ['employer', '/application/employer'],
    ['documents', '/application/documents'],
    ['pay_stub_uploaded', '/application/documents'],
    ['application_review', '/application/application_review'],
    ['document_review', '/application/document_review'],
    ['select_repay_method', '/select_repay_method'],
    ['auto_debit_needed', '/auto_debit'],
    ['application_submitted', '/'],
    ['denied', '/'],
    ['employer_review', '/'],
    ['something_new', '/'],
  ])('%s → %s', (status, route) => {
    expect(routeForStatus(status)).toBe(route);
  });

  it('sends loan_amount_changed to refinance terms only for refinancing loans', () => {
    expect(routeForStatus('loan_amount_changed', 'refinancing')).toBe('/refinance_terms');
    expect(routeForStatus('loan_amount_changed', 'new')).toBe('/loan_terms');
  });

  it('goes to the root without a status', () => {
    expect(routeForStatus(null)).toBe('/');
  });
});

describe('dashboardRedirect (newflow §6)', () => {
  it('lets review-stage statuses, a refinancing loan type and a borrower with a loan stay', () => {
    expect(dashboardRedirect({ workflow_status: 'ready_for_review', loan_type: 'new' })).toBeNull();
    expect(dashboardRedirect({ workflow_status: 'approved' })).toBeNull();
    expect(dashboardRedirect({ workflow_status: 'loan_terms', loan_type: 'refinancing' })).toBeNull();
    expect(dashboardRedirect({ workflow_status: 'about_yourself', has_loan: true })).toBeNull();
  });

  it('sends anyone else to the route of their status (the blank route)', () => {
    expect(dashboardRedirect({ workflow_status: 'loan_terms', loan_type: 'new' })).toBe('/loan_terms');
    expect(dashboardRedirect({ workflow_status: 'about_yourself' })).toBe('/application/about_yourself');
    expect(dashboardRedirect({ workflow_status: 'email_confirmation' })).toBe('/');
    expect(dashboardRedirect(null)).toBe('/');
  });
});
