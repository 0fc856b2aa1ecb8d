import { describe, expect, it } from 'vitest';
import { RESTART_STATUSES } from '@payrail/domain/workflow/machine';
import { dashboardRedirect, REFINANCE_START_STATUSES, routeForStatus } from './status-routes';

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

describe('REFINANCE_START_STATUSES', () => {
  it("are the workflow machine's restart statuses (read from the loan book's outcomes, without the machine)", () => {
    expect([...REFINANCE_START_STATUSES].sort()).toEqual([...RESTART_STATUSES].sort());
    expect(REFINANCE_START_STATUSES.length).toBeGreaterThan(0);
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

describe('new-flow slugs (newflow §2)', () => {
  it('maps every step key of the table to its slug under /application/newflow', async () => {
    const { newflowRouteForStatus, newflowBreadcrumbStep } = await import('./status-routes');
    const table: Record<string, string> = {
      additional_documents: 'additional_documents',
      application_submitted: 'under_review',
      employer_under_review: 'under_review',
      approved: 'approved',
      cant_proceed: 'cant_proceed',
      denied: 'denied',
      dropped: 'dropped',
      employer_info: 'employer_info',
      esignature_needed: 'esignature',
      job_info: 'job_info',
      loan_offer: 'loan_offer',
      password_creation: 'password_creation',
      personal_info: 'personal_info',
      phone_validation: 'verify_phone',
      rate_check: 'checking_rate',
      select_program: 'select_program',
      split_direct_deposit_manual: 'split_direct_deposit_manual',
      split_direct_deposit: 'split_direct_deposit',
      ssn_input: 'ssn',
      verify_bank_account: 'bank_account',
      verify_employer: 'employment',
      verify_employer_manual: 'employment/manual',
    };
    for (const [key, slug] of Object.entries(table)) expect(newflowRouteForStatus(key), key).toBe(`/application/newflow/${slug}`);
    // A slug is accepted as a step key ("the final path segment of the status page is used as a step key").
    expect(newflowRouteForStatus('checking_rate')).toBe('/application/newflow/checking_rate');
    expect(newflowBreadcrumbStep('signup')).toBe(0);
    expect(newflowBreadcrumbStep('personal_info/rent')).toBe(2);
    expect(newflowBreadcrumbStep('under_review')).toBe(-1);
    expect(newflowBreadcrumbStep('signin')).toBe(-1);
  });

  it('new-flow-only statuses route to the new flow; shared ones only for a new-flow account', () => {
    expect(routeForStatus('ssn_input')).toBe('/application/newflow/ssn');
    expect(routeForStatus('approved')).toBe('/');
    expect(routeForStatus('approved', 'new', true)).toBe('/application/newflow/approved');
    expect(routeForStatus('esignature_needed', 'new', true)).toBe('/application/newflow/esignature');
    expect(routeForStatus('esignature_needed')).toBe('/esignature');
  });
});
