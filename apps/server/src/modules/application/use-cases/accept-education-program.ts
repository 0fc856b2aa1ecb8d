import type { TEducationProgramRequest } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { findBorrower } from '../../identity/members';

const sameInitial = (initial: string, name: string | null | undefined): boolean =>
  !name || initial.toLocaleUpperCase('en-US') === name.trim().charAt(0).toLocaleUpperCase('en-US');

/**
 * POST /education_program: the borrower agrees to the education program by typing one-character first
 * and last initials (spec §5). When the names are on file the initials must be theirs.
 */
export async function acceptEducationProgram(ctx: AppContext, member: MemberRow, body: TEducationProgramRequest): Promise<{ ok: true }> {
  requireStatus(member, ['about_yourself']);
  const borrower = await findBorrower(ctx, member.id);
  const errors: FieldErrors = {};
  if (!sameInitial(body.initials.first, borrower?.firstName)) errors['initials.first'] = [FIELD_MSG.invalid];
  if (!sameInitial(body.initials.last, borrower?.lastName)) errors['initials.last'] = [FIELD_MSG.invalid];
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  const initials = `${body.initials.first.toUpperCase()}${body.initials.last.toUpperCase()}`;
  const saved = await ctx.repos.application.saveFields(member.id, { profile: { educationInitials: initials, educationAgreedAt: ctx.now() } }, ctx.now());
  if (!saved.ok) throw new Error('unexpected SSN conflict');
  return { ok: true };
}
