import { FIELD_MSG, SERVER_MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { keyedHash, sameDigest } from '../../../lib/tokens';
import { takeAttempt } from '../../platform/throttle';
import { WRONG_CODES_ALLOWED } from '../../../lib/access-limits';
import type { MemberRow } from '../../../db/rows';
import { applyConfirmation, wrongOrSuperseded } from './confirm-email';

/**
 * GET /dashboard/confirmation/{token}: a signed-in member (e.g. one who came through a pre-signed link)
 * confirms with the token of their own latest e-mail. Wrong guesses count against that token.
 */
export async function confirmOwnEmail(ctx: AppContext, member: MemberRow, token: string): Promise<{ email: string; workflow_status: WorkflowStatus }> {
  if (member.confirmedAt) throw AppError.fields({ email: [FIELD_MSG.alreadyConfirmed] });
  await takeAttempt(ctx, 'confirmationForMember', member.id);
  const row = await ctx.repos.identity.latestOpenConfirmation(member.id);
  if (!row) throw AppError.fields({ confirmation_token: [FIELD_MSG.invalid] });
  // The attempt is counted before the code is compared, in one conditional UPDATE: concurrent guesses never exceed the cap.
  if (!(await ctx.repos.identity.takeConfirmationAttempt(row.id, WRONG_CODES_ALLOWED))) throw new AppError('too_many_requests', SERVER_MSG.tooManyWrongCodes);
  const codeHash = keyedHash(await ctx.secret('code_hmac'), token.trim().toUpperCase());
  if (!sameDigest(row.codeHash, codeHash)) throw await wrongOrSuperseded(ctx, member.id, codeHash);
  const confirmed = await applyConfirmation(ctx, member, row);
  return { email: confirmed.email, workflow_status: confirmed.workflowStatus };
}
