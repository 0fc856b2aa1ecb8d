import { CONFIRMATION_SUPERSEDED } from '@payrail/contract/identity';
import { FIELD_MSG, SERVER_MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { keyedHash, sameDigest } from '../../../lib/tokens';
import { clearAttempts, takeAttempt } from '../../platform/throttle';
import type { ClientInfo } from '../client';
import { WRONG_CODES_ALLOWED } from '../../../lib/access-limits';
import type { MemberRow } from '../../../db/rows';
import type { ConfirmationRow } from '../repository';
import { startSession } from './start-session';

const alreadyConfirmed = () => AppError.fields({ email: [FIELD_MSG.alreadyConfirmed] });
const invalidCode = () => AppError.fields({ confirmation_token: [FIELD_MSG.invalid] });
const deadCode = () => new AppError('too_many_requests', SERVER_MSG.tooManyWrongCodes);
/**
 * A code a resend replaced: the spec's wrong-code answer (the field error is unchanged) plus a distinct
 * `reason` the client turns into "a newer code was sent" (issue #33).
 */
export const supersededCode = () =>
  new AppError('validation', 'confirmation_token is invalid', {
    fields: { confirmation_token: [FIELD_MSG.invalid] },
    extra: { reason: CONFIRMATION_SUPERSEDED },
  });

/** A wrong code that is one of the member's own superseded codes answers {@link supersededCode}. */
export async function wrongOrSuperseded(ctx: AppContext, userId: number, codeHash: string): Promise<AppError> {
  const old = await ctx.repos.identity.findConfirmationByHash(codeHash);
  return old?.userId === userId && old.supersededAt !== null && old.usedAt === null ? supersededCode() : invalidCode();
}

/**
 * Uses a confirmation row for its member: confirms the e-mail and moves email_confirmation to the
 * flow's first step (about_yourself, or job_info in the new flow; workflow/move.ts confirmationMove),
 * as the system, in one transaction. Shared by the public and the signed-in confirmation.
 */
export async function applyConfirmation(ctx: AppContext, member: MemberRow, row: ConfirmationRow): Promise<MemberRow> {
  const at = ctx.now();
  if (row.expiresAt <= at) throw AppError.fields({ confirmation_token: [FIELD_MSG.tokenExpired] });
  const move = ctx.hooks.identity.confirmationMove(member, at);
  if (!(await ctx.repos.identity.confirmEmail({ userId: member.id, confirmationId: row.id, at, move }))) throw alreadyConfirmed();
  return (await ctx.repos.identity.findMemberById(member.id))!;
}

/**
 * The code checked against ONE account's latest open code, the way the phone code is: the account's
 * attempts across addresses (`confirmationForMember`) and the code's own guesses (`WRONG_CODES_ALLOWED`,
 * one conditional UPDATE before the comparison, so parallel guesses never exceed it). After the cap the
 * code is dead (429) until a new one is sent. An unknown address answers like a wrong code.
 */
async function confirmationOfAccount(ctx: AppContext, email: string, codeHash: string): Promise<{ member: MemberRow; row: ConfirmationRow }> {
  const repo = ctx.repos.identity;
  const member = await repo.findMemberByEmail(email);
  if (!member) throw invalidCode();
  await takeAttempt(ctx, 'confirmationForMember', member.id);
  const row = await repo.latestOpenConfirmation(member.id);
  if (!row) {
    // Nothing open: the right (used) code of a confirmed account still says so; anything else is wrong.
    const used = await repo.findConfirmationByHash(codeHash);
    if (used?.userId === member.id && (member.confirmedAt || used.usedAt)) throw alreadyConfirmed();
    throw invalidCode();
  }
  if (!(await repo.takeConfirmationAttempt(row.id, WRONG_CODES_ALLOWED))) throw deadCode();
  if (!sameDigest(row.codeHash, codeHash)) throw await wrongOrSuperseded(ctx, member.id, codeHash);
  if (member.confirmedAt) throw alreadyConfirmed();
  return { member, row };
}

/** GET /confirmation?confirmation_token=[&email=] (no session): confirms and signs the member in. */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
  client: ClientInfo,
  email?: string,
): Promise<{ token: string; email: string; workflow_status: WorkflowStatus }> {
  // Every guess also spends the address's budget, kept in the database with back-off.
  const from = client.ip ?? 'unknown';
  await takeAttempt(ctx, 'confirmationFromIp', from);
  const codeHash = keyedHash(await ctx.secret('code_hmac'), token.trim().toUpperCase());
  let found: { member: MemberRow; row: ConfirmationRow };
  if (email) {
    found = await confirmationOfAccount(ctx, email, codeHash);
  } else {
    // The code alone names the account.
    const row = await ctx.repos.identity.findConfirmationByHash(codeHash);
    if (!row) throw invalidCode();
    const member = (await ctx.repos.identity.findMemberById(row.userId))!;
    if (member.confirmedAt || row.usedAt) throw alreadyConfirmed();
    if (row.supersededAt !== null) throw supersededCode();
    // A code its account's wrong guesses killed stays dead, whichever way it is presented.
    if (row.attempts >= WRONG_CODES_ALLOWED) throw deadCode();
    found = { member, row };
  }
  const confirmed = await applyConfirmation(ctx, found.member, found.row);
  await clearAttempts(ctx, 'confirmationFromIp', from);
  return { token: await startSession(ctx, confirmed.id, client), email: confirmed.email, workflow_status: confirmed.workflowStatus };
}
