import { MSG, FIELD_MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG, NEWFLOW_STEP_PAYLOADS, type NewflowPostableStep, type NewflowStep, type TStepPostResponse } from '@payrail/contract/newflow';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { Cents } from '@payrail/domain/money';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import { fieldDeps } from '../../application/field-deps';
import { validateFields } from '../../application/field-rules';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { findBorrower } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';
import { liveDocuments } from '../../documents/live-documents';
import { saveApplicationFields } from '../../application/applications';
import type { NewflowPatch, NewflowRow } from '../repository';
import { isFinalized } from '../workflow';

/**
 * What every new-flow step file shares (one file per step, as the classic flow has one verb per file):
 * a step exports `data` (the GET's step data) and/or `post` (the POST's handler); `index.ts` maps step
 * keys to them, `use-cases/get-step.ts` and `post-step.ts` dispatch.
 */
export type StepAnswer = { status: 200 | 201; body: TStepPostResponse };
export type StepPayload<K extends NewflowPostableStep> = z.infer<(typeof NEWFLOW_STEP_PAYLOADS)[K]>;

/** A POST to the member's current step. `member.workflowStatus` is the current status. */
export type StepPost = { ctx: AppContext; member: MemberRow; nf: NewflowRow | undefined; body: unknown; client: ClientInfo };

type Profile = Awaited<ReturnType<AppContext['repos']['application']['findProfile']>>;
type Borrower = Awaited<ReturnType<AppContext['repos']['identity']['findBorrower']>>;
type Employer = Awaited<ReturnType<AppContext['repos']['reference']['getEmployer']>>;

/** What a step's GET data starts from (read once for every step). */
export type StepRead = {
  ctx: AppContext;
  member: MemberRow;
  step: NewflowStep;
  nf: NewflowRow | undefined;
  profile: Profile;
  borrower: Borrower;
  employer: Employer;
  payrolls: { account_id: string; employer: string; status: string }[];
  rateCheck: { state: string; outcome: string | null; approved_amount: number | null; adverse_action_reasons: string[] };
};

export type StepHandlers = {
  data?: (s: StepRead) => Promise<Record<string, unknown>>;
  post?: (s: StepPost) => Promise<StepAnswer>;
};

export const moved = (status: WorkflowStatus): StepAnswer => ({ status: 200, body: { new_status: status, finalized_application: isFinalized(status) } });

const UPLOAD_KEYS = new Set(['driver_license', 'proof_of_address', 'selfie_photo', 'pay_stub', 'allotment', 'bankStatement']);

/** Reads a payload with its schema; 422 field errors keyed by the leaf name (an upload's errors by its key). */
export function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const path = issue.path.map(String);
    const upload = path.find((p) => UPLOAD_KEYS.has(p));
    const key = upload ?? [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? 'base';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  throw AppError.fields(errors);
}

/** The step's own payload schema applied to the body. */
export const payloadOf = <K extends NewflowPostableStep>(step: K, body: unknown): StepPayload<K> => parse(NEWFLOW_STEP_PAYLOADS[step], body) as StepPayload<K>;

/** New-flow wording of the shared field rules (spec §5): "SSN is not valid", "Year must be valid". */
const NEWFLOW_WORDING: Readonly<Record<string, string>> = { [MSG.ssnInvalid]: NEWFLOW_MSG.ssnInvalid, [MSG.dobYearInvalid]: NEWFLOW_MSG.dobYearInvalid };
const reword = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, list]) => [k, list.map((m) => NEWFLOW_WORDING[m] ?? m)]));

/** Validates and stores About-yourself fields with the classic rules (sealing, SSN uniqueness), in new-flow words. */
export async function saveProfileFields(ctx: AppContext, member: MemberRow, values: Record<string, unknown>): Promise<void> {
  const result = await validateFields(values, await fieldDeps(ctx, member.id), MSG.fieldRuleNotFound);
  if (!result.ok) throw AppError.fields(reword(result.errors));
  const saved = await saveApplicationFields(ctx, member.id, result.patch, ctx.now());
  if (!saved.ok) throw AppError.fields({ social_security_number: [FIELD_MSG.taken] });
}

/**
 * The payroll widget's session: a fresh user token for the member's provider user (created once), and
 * for the split step the pay-distribution config of `distributionCents` (recorded as the amount asked,
 * which "is the allocation correct?" compares the provider's answer with).
 */
export async function payrollSession(ctx: AppContext, member: MemberRow, nf: NewflowRow | undefined, distributionCents: Cents | null) {
  const provider = ctx.providers.payrollLink;
  const { payrollUserId, userToken } = await provider.userToken({ userId: member.id, payrollUserId: nf?.payrollUserId ?? null });
  const patch: NewflowPatch = {};
  if (payrollUserId !== nf?.payrollUserId) patch.payrollUserId = payrollUserId;
  if (distributionCents !== null && distributionCents !== nf?.allocationRequestedCents) patch.allocationRequestedCents = distributionCents;
  if (Object.keys(patch).length > 0) await ctx.repos.newflow.save(member.id, patch, ctx.now());
  const borrower = await findBorrower(ctx, member.id);
  const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
  return {
    provider: provider.provider,
    user_token: userToken,
    link_item: employer?.argyleId ?? null,
    pay_distribution_config: distributionCents !== null ? await provider.payDistributionConfig({ amountCents: distributionCents }) : null,
    plugin_url: provider.pluginUrl,
    sandbox: provider.provider === 'sandbox',
  };
}

/** A document of the member's, as a step shows it (null when gone). */
export async function storedFile(ctx: AppContext, userId: number, id: number | null) {
  if (id === null) return null;
  const doc = (await liveDocuments(ctx, userId)).find((d) => d.id === id);
  return doc ? { id: doc.id, file: `/api/documents/${doc.id}`, filename: doc.fileName, content_type: doc.contentType } : null;
}
