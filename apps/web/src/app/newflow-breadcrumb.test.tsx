import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { atNewflowStep, NF } from '../../test/newflow-fixtures';
import { renderRoute } from '../../test/render';
import { newflowCompletedCrumbs } from './newflow-breadcrumb';

// 0 Loan Information, 1 Job Information, 2 Personal Info, 3 Loan Application, 4 Loan Approval, 5 Contract Signature.

describe('newflowCompletedCrumbs: a crumb is complete once the server status passed every step it shows', () => {
  it.each([
    ['email_confirmation', []],
    ['job_info', [0]],
    ['employer_info', [0]],
    // The employment check is on "Loan Application" but comes before Personal Info: Personal Info is not done.
    ['verify_employer', [0, 1]],
    ['verify_employer_manual', [0, 1]],
    ['personal_info', [0, 1]],
    // SSN is Personal Info's last sub-step: still not complete while on it.
    ['ssn_input', [0, 1]],
    ['rate_check', [0, 1, 2]],
    ['additional_documents', [0, 1, 2]],
    ['loan_offer', [0, 1, 2, 3]],
    ['phone_validation', [0, 1, 2, 3]],
    ['application_submitted', [0, 1, 2, 3, 4]],
    ['esignature_needed', [0, 1, 2, 3, 4]],
  ])('%s → %j', (status, crumbs) => {
    expect([...(newflowCompletedCrumbs(status) ?? [])].sort()).toEqual(crumbs);
  });

  it('no status, or a classic one: null (the breadcrumb keeps its own rule)', () => {
    expect(newflowCompletedCrumbs(null)).toBeNull();
    expect(newflowCompletedCrumbs('about_yourself')).toBeNull();
  });
});

const crumb = (name: string) => {
  const nav = screen.getByRole('navigation', { name: 'Application steps' });
  return within(nav)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.replace(' (completed)', '').replace(/^\d+/, '') === name);
};

describe('the new-flow stepper (issue #33)', { timeout: 20_000 }, () => {
  it('on the employment check Personal Info is not marked complete (it comes next); Job Information is', async () => {
    atNewflowStep('verify_employer');
    renderRoute(`${NF}/employment`);
    await screen.findByRole('navigation', { name: 'Application steps' }, { timeout: 5000 });
    expect(crumb('Loan Application')).toHaveAttribute('aria-current', 'step');
    expect(crumb('Personal Info')).toHaveAttribute('data-state', 'upcoming');
    expect(crumb('Personal Info')).not.toHaveTextContent('(completed)');
    expect(crumb('Job Information')).toHaveAttribute('data-state', 'complete');
    expect(crumb('Job Information')).toHaveTextContent('(completed)');
  });

  it('on the SSN sub-step Personal Info is current; after it (rate check) it is complete', async () => {
    atNewflowStep('ssn_input');
    const first = renderRoute(`${NF}/ssn`);
    await screen.findByRole('navigation', { name: 'Application steps' }, { timeout: 5000 });
    expect(crumb('Personal Info')).toHaveAttribute('aria-current', 'step');
    first.unmount();
    atNewflowStep('rate_check');
    renderRoute(`${NF}/checking_rate`);
    await screen.findByRole('navigation', { name: 'Application steps' }, { timeout: 5000 });
    expect(crumb('Personal Info')).toHaveAttribute('data-state', 'complete');
  });
});
