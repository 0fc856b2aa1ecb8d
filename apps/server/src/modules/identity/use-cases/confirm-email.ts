import { FIELD_MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { keyedHash } from '../../../lib/tokens';
import { clearAttempts, takeAttempt } from '../../platform/throttle';
import { confirmationMove } from '../../workflow/move';
import type { ClientInfo } from '../client';
import type { ConfirmationRow, MemberRow } from '../repository';
import { startSession } from './start-session';

const alreadyConfirmed = () => AppError.fields({ email: [FIELD_MSG.alreadyConfirmed] });

/**
 * Uses a confirmation row for its member: confirms the e-mail and moves email_confirmation →
 * about_yourself (system), in one transaction. Shared by the public and the signed-in confirmation.
 */
export async function applyConfirmation(ctx: AppContext, member: MemberRow, row: ConfirmationRow): Promise<MemberRow> {
  const at = ctx.now();
  if (row.expiresAt <= at) throw AppError.fields({ confirmation_token: [FIELD_MSG.tokenExpired] });
  const move = confirmationMove(member, at);
  if (!(await ctx.repos.identity.confirmEmail({ userId: member.id, confirmationId: row.id, at, move }))) throw alreadyConfirmed();
  return (await ctx.repos.identity.findMemberById(member.id))!;
}

/** GET /confirmation?confirmation_token= (no session): confirms and signs the member in. */
export async function confirmEmail(ctx: AppContext, token: string, client: ClientInfo): Promise<{ token: string; email: string; workflow_status: WorkflowStatus }> {
  // The code alone names the account, so the budget is the address's, kept in the database with back-off.
  const from = client.ip ?? 'unknown';
  await takeAttempt(ctx, 'confirmationFromIp', from);
  const row = await ctx.repos.identity.findConfirmationByHash(keyedHash(await ctx.secret('code_hmac'), token.trim().toUpperCase()));
  if (!row) throw AppError.fields({ confirmation_token: [FIELD_MSG.invalid] });
  const member = (await ctx.repos.identity.findMemberById(row.userId))!;
  if (member.confirmedAt || row.usedAt) throw alreadyConfirmed();
  const confirmed = await applyConfirmation(ctx, member, row);
  await clearAttempts(ctx, 'confirmationFromIp', from);
  return { token: await startSession(ctx, confirmed.id, client), email: confirmed.email, workflow_status: confirmed.workflowStatus };
}
