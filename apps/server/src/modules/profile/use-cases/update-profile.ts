import type { TProfile, TUpdateProfileRequest } from '@payrail/contract/profile';
import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { fieldDeps } from '../../application/field-deps';
import { validateFields } from '../../application/field-rules';
import type { MemberRow } from '../../../db/rows';
import { getProfile } from './get-profile';
import { saveApplicationFields } from '../../application/applications';

/**
 * PUT /users/info (newflow §2 "Dialogs edit phone number and address"): the address dialog's fields,
 * validated by the application's own address rules (unit ≤ 10, zip 5 digits, a state Payrail lends in,
 * with their messages). All five go together: a missing one is blank. Any failure answers 422 field
 * errors and changes nothing; success answers the profile. The phone changes only through its SMS
 * verification; the other profile fields are read-only here.
 */
export async function updateProfile(ctx: AppContext, member: MemberRow, body: TUpdateProfileRequest): Promise<TProfile> {
  const b = body.borrower;
  const values = {
    address: b.address ?? '',
    unit_number: b.unit_number ?? '',
    city: b.city ?? '',
    state_id: b.state_id ?? b.state?.id ?? '',
    zip_code: b.zip_code ?? '',
  };
  const result = await validateFields(values, await fieldDeps(ctx, member.id), MSG.fieldRuleNotFound);
  if (!result.ok) throw AppError.fields(result.errors);
  // An empty unit is a removed P.O. box: the rule answers null for it.
  const saved = await saveApplicationFields(ctx, member.id, result.patch, ctx.now());
  if (!saved.ok) throw new Error('an address update cannot conflict on the SSN');
  return getProfile(ctx, member);
}
