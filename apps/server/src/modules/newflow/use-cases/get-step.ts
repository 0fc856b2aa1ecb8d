import {
  EDUCATION_OPTIONS,
  EMPLOYMENT_STATUSES,
  HOUSING_TYPE_OPTIONS,
  MANUAL_SPLIT_AMOUNT_CENTS,
  NEWFLOW_PAYMENT_FREQUENCIES,
  NEWFLOW_MSG,
  NEWFLOW_PAYMENT_FREQUENCY_LABELS,
  NEWFLOW_SLUGS,
  NEWFLOW_STEPS,
  NEWFLOW_WORKING_TIMES,
  PROOF_OF_ADDRESS_MAX_AGE_DAYS,
  type NewflowStep,
  type TStepGetResponse,
} from '@payrail/contract/newflow';
import { navigationStack } from '@payrail/domain/workflow/machine';
import { workingTimeLabel } from '@payrail/domain/validation/working-time';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { toBankInformation } from '../../banking/bank-accounts';
import type { MemberRow } from '../../identity/repository';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { toEmployer } from '../../reference/routes';
import { toCounterofferNotice } from '../counteroffer-notice';
import { priceNewflowOffers, splitOffersCovered, splitPaymentCents } from '../offers';
import type { NewflowPatch, NewflowRow } from '../repository';
import { isFinalized } from '../workflow';
import { NEWFLOW_REQUIRED_DOCUMENTS, splitQualification } from './post-step';

const BY_SLUG = new Map<string, NewflowStep[]>();
for (const step of NEWFLOW_STEPS) {
  const slug = NEWFLOW_SLUGS[step];
  BY_SLUG.set(slug, [...(BY_SLUG.get(slug) ?? []), step]);
}

/** A step key, or the slug of its page (`under_review` names whichever review status the member is in). */
function resolveStep(param: string, current: string): NewflowStep | null {
  if ((NEWFLOW_STEPS as readonly string[]).includes(param)) return param as NewflowStep;
  const steps = BY_SLUG.get(param);
  if (!steps) return null;
  return steps.find((s) => s === current) ?? steps[0]!;
}

/**
 * The payroll widget's session: a fresh user token for the member's provider user (created once), and
 * for the split step the pay-distribution config of `distributionCents` (recorded as the amount asked,
 * which "is the allocation correct?" compares the provider's answer with).
 */
async function payrollSession(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, distributionCents: number | null) {
  const provider = ctx.providers.payrollLink;
  const { payrollUserId, userToken } = await provider.userToken({ userId: member.id, payrollUserId: nf?.payrollUserId ?? null });
  const patch: NewflowPatch = {};
  if (payrollUserId !== nf?.payrollUserId) patch.payrollUserId = payrollUserId;
  if (distributionCents !== null && distributionCents !== nf?.allocationRequestedCents) patch.allocationRequestedCents = distributionCents;
  if (Object.keys(patch).length > 0) await ctx.repos.newflow.save(member.id, patch, ctx.now());
  const borrower = await ctx.repos.identity.findBorrower(member.id);
  const employer = borrower?.employerId ? await ctx.repos.reference.getEmployer(borrower.employerId) : undefined;
  return {
    provider: provider.provider,
    user_token: userToken,
    link_item: employer?.argyleId ?? null,
    pay_distribution_config: distributionCents !== null ? await provider.payDistributionConfig({ amountCents: distributionCents }) : null,
    plugin_url: provider.pluginUrl,
    sandbox: provider.provider === 'sandbox',
  };
}

async function storedFile(ctx: AppContext, userId: number, id: number | null) {
  if (id === null) return null;
  const doc = (await ctx.repos.documents.listLive(userId)).find((d) => d.id === id);
  return doc ? { id: doc.id, file: `/api/documents/${doc.id}`, filename: doc.fileName, content_type: doc.contentType } : null;
}

/** The current rate check's counteroffer notice, when the rate check counteroffered. */
async function counterofferOf(ctx: AppContext, userId: number, nf: NewflowRow | undefined) {
  if (nf?.rateCheckOutcome !== 'counteroffer' || !nf.rateCheckDoneAt) return null;
  const notice = await ctx.repos.newflow.latestNotice(userId, 'counteroffer', nf.rateCheckDoneAt);
  return notice ? toCounterofferNotice(notice) : null;
}

async function stepData(ctx: AppContext, member: MemberRow, step: NewflowStep, nf: NewflowRow | undefined): Promise<Record<string, unknown>> {
  const userId = member.id;
  const [profile, borrower] = await Promise.all([ctx.repos.application.findProfile(userId), ctx.repos.identity.findBorrower(userId)]);
  const employer = borrower?.employerId ? await ctx.repos.reference.getEmployer(borrower.employerId) : undefined;
  const payrolls = nf?.payrollAccountId ? [{ account_id: nf.payrollAccountId, employer: nf.payrollEmployer ?? '', status: 'connected' }] : [];
  const rateCheck = {
    state: nf?.rateCheckState === 'running' ? 'pending' : (nf?.rateCheckState ?? 'not_started'),
    outcome: nf?.rateCheckOutcome ?? null,
    approved_amount: nf?.rateCheckApprovedCents ?? null,
    adverse_action_reasons: nf?.rateCheckOutcome === 'declined' || nf?.rateCheckOutcome === 'thin_file' ? (nf.rateCheckReasons ?? []) : [],
  };
  switch (step) {
    case 'job_info': {
      const other = await ctx.repos.newflow.otherEmployer();
      return {
        loan_borrower: {
          employer_id: borrower?.employerId ?? null,
          working_time_range: profile?.workingTimeRange ? workingTimeLabel(profile.workingTimeRange, 'newflow') : null,
          annual_income: profile?.annualIncomeCents ?? null,
          employment_status: nf?.employmentStatus ?? null,
          payment_frequency: nf?.paymentFrequency ?? null,
          annual_household_income: profile?.annualHouseholdIncomeCents ?? null,
        },
        employment_status_options: [...EMPLOYMENT_STATUSES],
        payment_frequencies: NEWFLOW_PAYMENT_FREQUENCIES.map((value) => ({ value, label: NEWFLOW_PAYMENT_FREQUENCY_LABELS[value] })),
        working_time_ranges: [...NEWFLOW_WORKING_TIMES],
        other_employer_id: other?.id ?? 0,
        employer_obj: employer ? toEmployer(employer) : null,
      };
    }
    case 'employer_info':
      return { payroll_services: (await ctx.repos.reference.listPayrollServices()).map((p) => p.name) };
    case 'personal_info':
      return {
        loan_borrower: {
          first_name: borrower?.firstName ?? null,
          middle_initial: nf?.middleInitial ?? null,
          last_name: borrower?.lastName ?? null,
          phone: nf?.phone ?? null,
          date_of_birth: profile?.dateOfBirth ?? null,
          driver_license_number_last4: null,
          driver_license_state_id: profile?.driverLicenseStateId ?? null,
          address: profile?.address ?? null,
          unit_number: profile?.unitNumber ?? null,
          city: profile?.city ?? null,
          state_id: borrower?.stateId ?? null,
          zip_code: profile?.zipCode ?? null,
          housing_type: nf?.housingType ?? null,
          housing_payment: profile?.housingPaymentCents ?? null,
          education_level: nf?.educationLevel ?? null,
        },
        housing_types: HOUSING_TYPE_OPTIONS.map((o) => ({ ...o })),
        education_levels: EDUCATION_OPTIONS.map((o) => ({ ...o })),
      };
    case 'rate_check':
      return rateCheck;
    case 'verify_employer':
    case 'verify_employer_manual':
      return {
        employer: employer ? toEmployer(employer) : null,
        payroll_link: step === 'verify_employer' ? await payrollSession(ctx, member, nf, null) : null,
        payrolls,
        pay_stub: await storedFile(ctx, userId, nf?.payStubDocumentId ?? null),
      };
    case 'select_program': {
      const q = await splitQualification(ctx, userId, nf);
      const sheet = nf ? await priceNewflowOffers(ctx, userId, nf) : null;
      return { qualified_for_split_direct_deposit: q.qualified, allow_split_auto: q.auto, discount_percentage: sheet?.discountPercentage ?? 0 };
    }
    case 'split_direct_deposit':
    case 'split_direct_deposit_manual': {
      const q = await splitQualification(ctx, userId, nf);
      // The automatic split asks the payroll provider for the loan payment (per paycheck); the manual one is the fixed $85.00.
      const payment = step === 'split_direct_deposit' && q.auto && nf ? splitPaymentCents(await priceNewflowOffers(ctx, userId, nf)) : null;
      const auto = payment !== null;
      return {
        qualified_for_split_direct_deposit: q.qualified,
        allow_split_auto: q.auto,
        error: step === 'split_direct_deposit' ? (q.error ?? (auto ? null : NEWFLOW_MSG.splitPaymentUnknown)) : null,
        payroll_link: auto ? await payrollSession(ctx, member, nf, payment) : null,
        payrolls,
        allocation_amount: payment ?? MANUAL_SPLIT_AMOUNT_CENTS,
        allotment_file: await storedFile(ctx, userId, nf?.allotmentDocumentId ?? null),
        payroll_portal: employer?.payrollPortalName && employer.payrollPortalUrl ? { name: employer.payrollPortalName, url: employer.payrollPortalUrl } : null,
      };
    }
    case 'verify_bank_account': {
      const account = await ctx.repos.banking.currentReceiver(userId);
      return { bank_information: account ? toBankInformation(await ctx.cryptoBox(), account) : null, linked: Boolean(account?.verifiedAt) };
    }
    case 'additional_documents': {
      const docs = (await ctx.repos.documents.listLive(userId)).filter((d) => (NEWFLOW_REQUIRED_DOCUMENTS as readonly string[]).includes(d.documentTypeName));
      return {
        required_documents: [...NEWFLOW_REQUIRED_DOCUMENTS],
        uploaded: docs.map((d) => ({ file_type: d.documentTypeName, id: d.id, filename: d.fileName, file_extension: d.contentType })),
        address: { address: profile?.address ?? null, zip_code: profile?.zipCode ?? null },
        proof_of_address_max_age_days: PROOF_OF_ADDRESS_MAX_AGE_DAYS,
      };
    }
    case 'loan_offer': {
      const sheet = nf ? await priceNewflowOffers(ctx, userId, nf) : null;
      return {
        split_direct_deposit: nf?.program === 'split_direct_deposit' && sheet ? splitOffersCovered(sheet, nf).map((o) => o.wire) : [],
        auto_debit: (sheet?.auto_debit ?? []).map((o) => o.wire),
        one_times: (sheet?.one_times ?? []).map((o) => o.wire),
        discount_percentage: sheet?.discountPercentage ?? 0,
        is_split_direct_deposit: nf?.program === 'split_direct_deposit',
        counteroffer: await counterofferOf(ctx, userId, nf),
      };
    }
    case 'password_creation':
      return { refer_code: borrower?.referredBy ?? null };
    case 'phone_validation':
      return { number: borrower?.phone ?? nf?.phone ?? null, confirmed: borrower?.phoneConfirmedAt != null };
    case 'approved': {
      const [signature, loan, application] = await Promise.all([
        ctx.repos.esignature.latest(userId),
        ctx.repos.backoffice.latestLoan(userId),
        ctx.repos.application.activeApplication(userId),
      ]);
      return { signed: Boolean(signature), funded: Boolean(loan), loan_identifier: loan?.identifier ?? null, amount: application?.amountCents ?? null };
    }
    case 'denied':
    case 'dropped':
    case 'cant_proceed': {
      const ended = await ctx.repos.application.latestApplication(userId);
      return { adverse_action_reasons: rateCheck.adverse_action_reasons, reapply_date: ended?.reapplyOn ?? null };
    }
    default:
      return {};
  }
}

/**
 * GET /applicationflow/application_step/{step}: the application's state (current status, whether the
 * borrower's part is done, where to go when the step asked is not the current one) and the step's own
 * data when it is the current step or on the navigation stack (so the back button's page can load).
 */
export async function getStep(ctx: AppContext, member: MemberRow, param: string): Promise<TStepGetResponse> {
  const current = (await ctx.repos.workflow.currentStatus(member.id)) ?? member.workflowStatus;
  const step = resolveStep(param, current);
  if (!step) throw AppError.notFound('Unknown step.');
  const [nf, borrower, ended, { history }] = await Promise.all([
    ctx.repos.newflow.find(member.id),
    ctx.repos.identity.findBorrower(member.id),
    ctx.repos.application.latestApplication(member.id),
    loadWorkflowFacts(ctx, member.id),
  ]);
  const open = step === current || navigationStack(history).includes(step as never);
  return {
    workflow_status_key: step,
    current_status: current,
    new_status: step === current ? null : current,
    finalized_application: isFinalized(current),
    first_name: borrower?.firstName ?? null,
    last_name: borrower?.lastName ?? null,
    reapply_date: ended?.reapplyOn ?? null,
    data: open && member.newFlow ? await stepData(ctx, { ...member, workflowStatus: current }, step, nf) : null,
  };
}
