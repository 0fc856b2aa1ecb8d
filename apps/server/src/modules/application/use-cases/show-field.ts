import type { TShowFieldResponse } from '@payrail/contract/application';
import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { displayValue, isAboutYourselfField } from '../field-rules';
import { requireConfirmedAccount } from '../../workflow/move';
import { findBorrower } from '../../identity/members';

/** GET /about_yourself/show_field/{field}: one saved answer, as the form shows it (the SSN masked). */
export async function showField(ctx: AppContext, member: MemberRow, field: string): Promise<TShowFieldResponse> {
  requireConfirmedAccount(member);
  if (!isAboutYourselfField(field)) throw AppError.fields({ [field]: [MSG.fieldRuleNotFound] });
  const [profile, borrower, box] = await Promise.all([ctx.repos.application.findProfile(member.id), findBorrower(ctx, member.id), ctx.cryptoBox()]);
  return { field, value: displayValue(field, profile, borrower, box) };
}
