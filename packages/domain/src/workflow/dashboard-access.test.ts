import { describe, expect, it } from 'vitest';
import { DASHBOARD_STATUSES, canOpenDashboard } from './dashboard-access';
import { WORKFLOW_STATUSES } from './statuses';

// newflow-and-dashboard.md §6, verbatim.
const SPEC =
  'employer_review, application_submitted, review_application, review_allotment, ready_for_review, approved, declined, denied, refinancing_application, dropped, canceled, reconsider_declined'.split(
    ', ',
  );

describe('dashboard access (§6)', () => {
  it('lists exactly the twelve review-stage statuses of the spec', () => {
    expect([...DASHBOARD_STATUSES].sort()).toEqual([...SPEC].sort());
  });

  it.each(SPEC)('allows %s for a new loan without any funded loan', (status) => {
    expect(canOpenDashboard({ status, loanType: 'new', hasLoan: false })).toBe(true);
  });

  const steps = WORKFLOW_STATUSES.filter((s) => !SPEC.includes(s));
  it.each(steps)('refuses %s for a new applicant without a loan', (status) => {
    expect(canOpenDashboard({ status, loanType: 'new', hasLoan: false })).toBe(false);
  });

  it('allows any status when the loan type is refinancing', () => {
    for (const status of steps) expect(canOpenDashboard({ status, loanType: 'refinancing', hasLoan: false })).toBe(true);
  });

  it('allows a borrower with a funded loan whatever the application status', () => {
    expect(canOpenDashboard({ status: 'about_yourself', loanType: 'new', hasLoan: true })).toBe(true);
  });

  it('refuses an unknown or missing status', () => {
    expect(canOpenDashboard({ status: null, loanType: null, hasLoan: false })).toBe(false);
    expect(canOpenDashboard({ status: 'nonsense', loanType: 'new', hasLoan: false })).toBe(false);
  });
});
