import type { TLeadRequest, TLeadResponse } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findState } from '../../reference/reference-data';

/**
 * POST /leads: someone in a state where we do not lend yet leaves a name and an e-mail (no session
 * needed; a signed-in member is remembered with the lead).
 */
export async function createLead(ctx: AppContext, body: TLeadRequest, userId: number | null): Promise<TLeadResponse> {
  const { full_name, email, state_id } = body.lead;
  if (!(await findState(ctx, String(state_id)))) throw AppError.fields({ state_id: [FIELD_MSG.notIncluded] });
  const row = await ctx.repos.application.createLead({ fullName: full_name, email, stateId: state_id, userId, at: ctx.now() });
  return { id: row.id, full_name: row.fullName, email: row.email, state_id: row.stateId };
}
