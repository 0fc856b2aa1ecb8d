import {
  APPLICATION_MSG,
  type FeedbackField,
  type TFeedbackUpdateRequest,
  type TOkStatusResponse,
  ZReference,
  fieldMessage,
} from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { validateEmployeeId } from '@payrail/domain/validation/employee-id';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { memberEmployerRequest } from '../../employment/employers';
import { AppError, type FieldErrors } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { fieldDeps } from '../../application/field-deps';
import { type FieldPatch, validateFields } from '../../application/field-rules';
import type { NewReference } from '../../application/repository';
import { commitMove, planAdvance, requireStatus } from '../../workflow/move';
import { referencePhone } from '../../application/use-cases/update-references';
import { keysOpenedBy } from '../feedback-fields';
import { findEmployer } from '../../reference/reference-data';
import { liveDocuments } from '../../documents/live-documents';

const ZReferences = z.array(ZReference).length(2, APPLICATION_MSG.referencesCount);

/**
 * PUT /feedback: the borrower answers the reviewer. Only the flagged fields may change, each one must
 * be sent, and each goes through the same rules as update_field (the address may come as its group,
 * the references as `user_references`, the employer with its employee id). Every requested document
 * type needs a file uploaded since the request. Then, in one transaction, the answers are saved, the
 * request is marked answered and the status moves on: bank_link when the reviewer asked for a new bank
 * link, review_allotment when an allotment was asked for, else ready_for_review.
 */
export async function answerFeedback(ctx: AppContext, member: MemberRow, body: TFeedbackUpdateRequest): Promise<TOkStatusResponse> {
  requireStatus(member, ['feedback_sent']);
  const feedback = await ctx.repos.review.openFeedback(member.id);
  if (!feedback) throw new AppError('validation', APPLICATION_MSG.noOpenFeedback);

  // The address group flattens into its fields.
  const values: Record<string, unknown> = { ...body.loan_borrower };
  if (values.address !== null && typeof values.address === 'object') Object.assign(values, values.address);
  const flagged = feedback.fields as FeedbackField[];
  const allowed = new Set(flagged.flatMap(keysOpenedBy));
  const errors: FieldErrors = {};
  for (const key of Object.keys(values)) if (!allowed.has(key) && key !== 'social_security_number_confirmation') errors[key] = [APPLICATION_MSG.notRequested];
  for (const field of flagged) if (!(field in values)) errors[field] = [FIELD_MSG.blank];

  const { user_references: rawReferences, ...rest } = values;
  // A flagged employer is checked with its employee id; an employee id alone goes through the field rules.
  const { employer_id: rawEmployer, employee_id: rawEmployeeId, ...withoutEmployer } = rest;
  const answers = flagged.includes('employer_id') ? withoutEmployer : rest;
  const patch: FieldPatch = {};
  let references: NewReference[] | undefined;
  if (flagged.includes('user_references') && rawReferences !== undefined) {
    const parsed = ZReferences.safeParse(rawReferences);
    if (parsed.success) references = parsed.data.map((r) => ({ ...r, phone: referencePhone(r.phone) }));
    else for (const issue of parsed.error.issues) (errors[['user_references', ...issue.path].join('.')] ??= []).push(issue.message);
  }
  if (flagged.includes('employer_id') && rawEmployer !== undefined) {
    // The body is free-form: only a whole id in the integer column's range reaches the database.
    const employerId = Number(rawEmployer);
    const validId =
      (typeof rawEmployer === 'number' || typeof rawEmployer === 'string') && Number.isInteger(employerId) && employerId > 0 && employerId <= 2_147_483_647;
    const employer = validId ? await findEmployer(ctx, employerId) : undefined;
    const foreign = employer?.isOther && employer.slug !== 'other' && !(await memberEmployerRequest(ctx, member.id, employer.id));
    if (!employer || foreign) errors.employer_id = [fieldMessage('not_found')];
    else {
      const employeeId = validateEmployeeId(typeof rawEmployeeId === 'string' ? rawEmployeeId : '', employer.partnership === 'b2b_partner');
      if (!employeeId.ok) errors.employee_id = [fieldMessage(employeeId.code, 30)];
      else patch.borrower = { employerId: employer.id };
      if (employeeId.ok) patch.profile = { employeeId: employeeId.value === '' ? null : employeeId.value, incomeSource: 'Employed' };
    }
  }
  const checked = await validateFields(
    Object.fromEntries(Object.entries(answers).filter(([k]) => allowed.has(k) || k === 'social_security_number_confirmation')),
    await fieldDeps(ctx, member.id),
    MSG.fieldRuleNotFound,
  );
  if (!checked.ok) Object.assign(errors, checked.errors);
  else {
    patch.profile = { ...patch.profile, ...checked.patch.profile };
    patch.borrower = { ...patch.borrower, ...checked.patch.borrower };
  }

  const uploaded = new Set((await liveDocuments(ctx, member.id)).filter((d) => d.createdAt >= feedback.createdAt).map((d) => d.documentTypeName as string));
  for (const type of feedback.documents) if (!uploaded.has(type)) errors[`documents.${type}`] = [APPLICATION_MSG.documentMissing];
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);

  const move = await planAdvance(ctx, member);
  await commitMove(ctx, member, async () => {
    const committed = await ctx.repos.review.commit({
      userId: member.id,
      move,
      answers: { patch, ...(references ? { references } : {}) },
      answerFeedback: { id: feedback.id, fields: Object.keys(values).filter((k) => allowed.has(k)) },
      at: move.at,
    });
    if (!committed.ok && committed.reason === 'ssn_taken') throw AppError.fields({ social_security_number: [fieldMessage('ssn_taken')] });
    return committed.ok;
  });
  return { ok: true, new_status: move.to };
}
