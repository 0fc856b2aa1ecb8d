import type { TReferencesResponse, TUpdateReferencesRequest } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { EDIT_STATUSES } from '../edit-statuses';
import { requireStatus } from '../../workflow/move';
import { listReferences } from './list-references';

/** The phone of a reference as ten digits (the form's mask and a +1 prefix are dropped). */
export const referencePhone = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

/**
 * POST /about_yourself/update_references: replaces the two references (the schema already checked there
 * are exactly two, each with its four fields filled, trimmed).
 */
export async function updateReferences(ctx: AppContext, member: MemberRow, body: TUpdateReferencesRequest): Promise<TReferencesResponse> {
  requireStatus(member, EDIT_STATUSES);
  await ctx.repos.application.replaceReferences(
    member.id,
    body.references.map((r) => ({ ...r, phone: referencePhone(r.phone) })),
    ctx.now(),
  );
  return listReferences(ctx, member);
}
