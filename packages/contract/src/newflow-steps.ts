import { STATUS_ATTRIBUTES } from '@payrail/domain/workflow/status-attributes';
import { NEWFLOW_STATUSES, type NewflowStatus } from '@payrail/domain/workflow/statuses';

/**
 * The new flow's steps, page slugs and breadcrumb: plain data without zod, so the borrower SPA's entry
 * (route table, layouts) can read them without loading the schemas (docs/architecture.md).
 * `./newflow` re-exports everything here.
 */

/** Step keys of the new flow (spec §2 slug table), in the order an application meets them: the domain's list. */
export const NEWFLOW_STEPS = NEWFLOW_STATUSES;
export type NewflowStep = NewflowStatus;

/** Page slug under /application/newflow/ for each step key (spec §2): the `newflowSlug` of each status. */
export const NEWFLOW_SLUGS: Readonly<Record<NewflowStep, string>> = Object.fromEntries(
  NEWFLOW_STEPS.map((step) => {
    const slug = STATUS_ATTRIBUTES[step].newflowSlug;
    if (slug === null) throw new Error(`The new-flow step ${step} has no page slug.`);
    return [step, slug];
  }),
) as Record<NewflowStep, string>;

/** The 6-step breadcrumb (spec §2) and which crumb each step shows; -1 hides the breadcrumb. */
export const NEWFLOW_BREADCRUMB = ['Loan Information', 'Job Information', 'Personal Info', 'Loan Application', 'Loan Approval', 'Contract Signature'] as const;
export const NEWFLOW_BREADCRUMB_STEP: Readonly<Record<NewflowStep, number>> = {
  email_confirmation: 0,
  job_info: 1,
  employer_info: 1,
  employer_under_review: -1,
  personal_info: 2,
  ssn_input: 2,
  rate_check: 3,
  verify_employer: 3,
  verify_employer_manual: 3,
  select_program: 3,
  split_direct_deposit: 3,
  split_direct_deposit_manual: 3,
  verify_bank_account: 3,
  additional_documents: 3,
  loan_offer: 4,
  password_creation: 4,
  phone_validation: 4,
  application_submitted: -1,
  approved: 5,
  esignature_needed: 5,
  cant_proceed: -1,
  denied: -1,
  dropped: -1,
};
