import { FILE_UNAVAILABLE_MSG } from '@payrail/contract/documents';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { SSN_AAD } from '../../application/field-rules';
import { openStoredFile } from '../../documents/stored-file';
import { recordStaffAction } from '../../review/reviews';

/** POST …/reveal_ssn: the full SSN, written to the audit log first (never the number itself). */
export async function revealSsn(ctx: AppContext, staff: TStaffMember, userId: number): Promise<{ social_security_number: string | null }> {
  const row = await ctx.repos.backoffice.member(userId);
  if (!row) throw AppError.notFound('Application not found.');
  const sealed = row.profile?.ssnSealed ?? null;
  await recordStaffAction(ctx, {
    staffUserId: staff.id,
    action: 'reveal_ssn',
    targetUserId: userId,
    before: {},
    after: { field: 'social_security_number', on_file: sealed !== null },
    at: ctx.now(),
  });
  if (!sealed) return { social_security_number: null };
  return { social_security_number: (await ctx.cryptoBox()).open(sealed, SSN_AAD) };
}

/** GET /api/backoffice/esignatures/{id}/pdf: a signed promissory note as signed, audited as `view_signed_note`. */
export async function viewSignedNote(ctx: AppContext, staff: TStaffMember, id: number) {
  const signature = await ctx.repos.backoffice.esignature(id);
  if (!signature) throw AppError.notFound('Signed note not found.');
  const bytes = await openStoredFile(ctx, signature.storageKey, { source: 'signed_note', id: signature.id }, FILE_UNAVAILABLE_MSG.staff);
  await recordStaffAction(ctx, {
    staffUserId: staff.id,
    action: 'view_signed_note',
    targetUserId: signature.userId,
    before: {},
    after: { esignature_id: signature.id },
    at: ctx.now(),
  });
  return { signature, bytes };
}
