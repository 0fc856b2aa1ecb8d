import { NEWFLOW_SLUGS, NEWFLOW_STEPS, type NewflowStep, type TStepGetResponse } from '@payrail/contract/newflow';
import { navigationStack } from '@payrail/domain/workflow/machine';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { loadWorkflowFacts } from '../../workflow/use-cases/load-workflow-facts';
import { findBorrower } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';
import { findProfile, latestApplication } from '../../application/applications';
import { statusNow } from '../../workflow/move';
import type { NewflowRow } from '../repository';
import { NEWFLOW_STEP_HANDLERS } from '../steps';
import type { StepHandlers } from '../steps/shared';
import { isFinalized } from '../workflow';

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

async function stepData(ctx: AppContext, member: MemberRow, step: NewflowStep, nf: NewflowRow | undefined): Promise<Record<string, unknown>> {
  const handlers: Partial<Record<NewflowStep, StepHandlers>> = NEWFLOW_STEP_HANDLERS;
  const data = handlers[step]?.data;
  if (!data) return {};
  const userId = member.id;
  const [profile, borrower] = await Promise.all([findProfile(ctx, userId), findBorrower(ctx, userId)]);
  const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
  const payrolls = nf?.payrollAccountId ? [{ account_id: nf.payrollAccountId, employer: nf.payrollEmployer ?? '', status: 'connected' }] : [];
  const rateCheck = {
    state: nf?.rateCheckState === 'running' ? 'pending' : (nf?.rateCheckState ?? 'not_started'),
    outcome: nf?.rateCheckOutcome ?? null,
    approved_amount: nf?.rateCheckApprovedCents ?? null,
    adverse_action_reasons: nf?.rateCheckOutcome === 'declined' || nf?.rateCheckOutcome === 'thin_file' ? (nf.rateCheckReasons ?? []) : [],
  };
  return data({ ctx, member, step, nf, profile, borrower, employer, payrolls, rateCheck });
}

/**
 * GET /applicationflow/application_step/{step}: the application's state (current status, whether the
 * borrower's part is done, where to go when the step asked is not the current one) and the step's own
 * data when it is the current step or on the navigation stack (so the back button's page can load).
 */
export async function getStep(ctx: AppContext, member: MemberRow, param: string): Promise<TStepGetResponse> {
  const current = await statusNow(ctx, member.id, member.workflowStatus);
  const step = resolveStep(param, current);
  if (!step) throw AppError.notFound('Unknown step.');
  const [nf, borrower, ended, { history }] = await Promise.all([
    ctx.repos.newflow.find(member.id),
    findBorrower(ctx, member.id),
    latestApplication(ctx, member.id),
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
