import type { TReferencesResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { requireConfirmedAccount } from '../../workflow/move';

/** GET /about_yourself/borrower_references: the references on file, in order. */
export async function listReferences(ctx: AppContext, member: MemberRow): Promise<TReferencesResponse> {
  requireConfirmedAccount(member);
  const rows = await ctx.repos.application.listReferences(member.id);
  return { references: rows.map((r) => ({ firstName: r.firstName, lastName: r.lastName, relationship: r.relationship, phone: r.phone })) };
}
