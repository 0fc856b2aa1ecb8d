import { SERVER_MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';
import type { ClientInfo } from '../client';
import { startSession } from './start-session';

/**
 * GET /c/{code}: signs the member in with a pre-signed link, once, before it expires. The link was
 * e-mailed to the member, so following it also confirms an unconfirmed e-mail address.
 */
export async function openPresignedLink(
  ctx: AppContext,
  code: string,
  client: ClientInfo,
): Promise<{ token: string; new_flow: boolean; email: string; workflow_status: WorkflowStatus }> {
  const repo = ctx.repos.identity;
  const link = await repo.findPresignedLink(hashToken(code));
  const at = ctx.now();
  if (!link || link.usedAt || link.expiresAt <= at) throw AppError.notFound(SERVER_MSG.invalidLink);
  const member = (await repo.findMemberById(link.userId))!;
  const confirm = member.confirmedAt === null;
  const move = confirm ? ctx.hooks.identity.confirmationMove(member, at) : null;
  if (!(await repo.usePresignedLink({ id: link.id, userId: member.id, at, confirm, move, newFlow: link.newFlow })))
    throw AppError.notFound(SERVER_MSG.invalidLink);
  const token = await startSession(ctx, member.id, client);
  const fresh = (await repo.findMemberById(member.id))!;
  return { token, new_flow: link.newFlow, email: fresh.email, workflow_status: fresh.workflowStatus };
}
