import { APPLICATION_MSG, type TUpdateFieldResponse, fieldMessage } from '@payrail/contract/application';
import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { fieldDeps } from '../field-deps';
import { displayValue, isBorrowerField, validateFields } from '../field-rules';
import { EDIT_STATUSES } from '../edit-statuses';
import { requireStatus } from '../../workflow/move';
import { findBorrower } from '../../identity/members';

/**
 * POST /about_yourself/update_field: the form auto-saves one field per call (`{ loan_borrower: { field:
 * value } }`). Every field named is validated with the spec's rules; any failure answers 422 field
 * errors and saves nothing. Answers the saved values as show_field would.
 */
export async function updateFields(ctx: AppContext, member: MemberRow, values: Readonly<Record<string, unknown>>): Promise<TUpdateFieldResponse> {
  requireStatus(member, EDIT_STATUSES);
  if (Object.keys(values).length === 0) throw AppError.fields({ loan_borrower: [APPLICATION_MSG.noField] });
  const result = await validateFields(values, await fieldDeps(ctx, member.id), MSG.fieldRuleNotFound);
  if (!result.ok) throw AppError.fields(result.errors);
  const saved = await ctx.repos.application.saveFields(member.id, result.patch, ctx.now());
  if (!saved.ok) throw AppError.fields({ social_security_number: [fieldMessage('ssn_taken')] });
  // The rows the save wrote come back from it (RETURNING), so the answer needs no second round trip; a
  // table is read only when the answer shows it and the save did not return it (no borrower row yet).
  const needsBorrower = result.fields.some(isBorrowerField);
  const needsProfile = result.fields.some((f) => !isBorrowerField(f));
  const [profile, borrower, box] = await Promise.all([
    saved.profile ?? (needsProfile ? ctx.repos.application.findProfile(member.id) : undefined),
    saved.borrower ?? (needsBorrower ? findBorrower(ctx, member.id) : undefined),
    ctx.cryptoBox(),
  ]);
  return { loan_borrower: Object.fromEntries(result.fields.map((f) => [f, displayValue(f, profile, borrower, box)])) };
}
