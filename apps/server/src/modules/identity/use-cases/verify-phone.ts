import { SERVER_MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { keyedHash, sameDigest } from '../../../lib/tokens';
import { takeAttempt } from '../../platform/throttle';
import { WRONG_CODES_ALLOWED } from '../../../lib/access-limits';
import type { MemberRow } from '../../../db/rows';
import { type PhoneFlow, parseMobile } from './send-phone-code';

const wrongCode = (message: string) => AppError.fields({ phone: [message] });

/**
 * POST /phones/verify_phone (and /dashboard/verify_phone): checks the code texted to the number. Five
 * wrong guesses burn the code (429 until a new one is sent). Success confirms the number on the
 * profile; in the application flow the borrower then advances (phone_code_sent → loan_terms).
 */
export async function verifyPhone(
  ctx: AppContext,
  member: MemberRow,
  number: string,
  code: string,
  flow: PhoneFlow,
): Promise<{ number: string; confirmed: true; new_status: WorkflowStatus }> {
  const repo = ctx.repos.identity;
  const phone = parseMobile(ctx, number);
  await takeAttempt(ctx, 'phoneVerifyForMember', member.id);
  const verification = await repo.findPhoneVerification(member.id, phone);
  if (!verification?.codeHash) throw wrongCode(SERVER_MSG.invalidVerificationCode);
  // The attempt is counted before the code is compared, in one conditional UPDATE: concurrent guesses never exceed the cap.
  if (!(await repo.takePhoneCodeAttempt(verification.id, WRONG_CODES_ALLOWED))) throw new AppError('too_many_requests', SERVER_MSG.tooManyWrongCodes);
  const at = ctx.now();
  if (!verification.expiresAt || verification.expiresAt <= at) throw wrongCode(SERVER_MSG.verificationCodeExpired);
  if (!sameDigest(verification.codeHash, keyedHash(await ctx.secret('code_hmac'), code.trim()))) {
    throw wrongCode(SERVER_MSG.invalidVerificationCode);
  }

  // In the application flow the verification is the borrower's own step forward (the workflow decides it).
  const move = flow === 'application' ? await ctx.hooks.identity.phoneConfirmedMove(ctx, member, at) : null;
  if (!(await repo.confirmPhone({ verificationId: verification.id, userId: member.id, phone, at, move }))) throw wrongCode(SERVER_MSG.invalidVerificationCode);
  return { number: phone, confirmed: true, new_status: (await ctx.hooks.identity.currentStatus(ctx, member.id)) ?? member.workflowStatus };
}
