import { MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { normalizeMobile } from '../../../lib/phones';
import { keyedHash, newPhoneCode } from '../../../lib/tokens';
import { takeAttempt } from '../../platform/throttle';
import { PHONE_CODE_MINUTES } from '../../../lib/access-limits';
import type { MemberRow } from '../../../db/rows';

/** Where the number is being verified: the application's phone step moves the workflow, the dashboard does not. */
export type PhoneFlow = 'application' | 'dashboard';

/** The mobile number as E.164, or the spec's field error. */
export function parseMobile(ctx: AppContext, number: string): string {
  const phone = normalizeMobile(number, ctx.config.env === 'production');
  if (!phone) throw AppError.fields({ phone: [MSG.invalidPhone] });
  return phone;
}

/**
 * POST /phones (and /phones/resend_verification_code, /dashboard/phones): texts a new 6-digit code,
 * valid 10 minutes, at most 5 a member per hour. In the application flow the number goes on file
 * (unconfirmed if it changed) and phone_verification moves to phone_code_sent.
 */
export async function sendPhoneCode(
  ctx: AppContext,
  member: MemberRow,
  number: string,
  flow: PhoneFlow,
): Promise<{ number: string; confirmed: boolean; new_status?: WorkflowStatus }> {
  const repo = ctx.repos.identity;
  const phone = parseMobile(ctx, number);
  const at = ctx.now();
  const hourAgo = new Date(at.getTime() - 3_600_000);
  // Counted before the text goes out, atomically in the database: 30 simultaneous sends deliver exactly 5.
  await takeAttempt(ctx, 'phoneSend', member.id);

  const code = newPhoneCode();
  const expiresAt = new Date(at.getTime() + PHONE_CODE_MINUTES * 60_000);
  await repo.storePhoneCode({ userId: member.id, phone, codeHash: keyedHash(await ctx.secret('code_hmac'), code), expiresAt, at, windowStartedAfter: hourAgo });
  if (flow === 'application') {
    const move = ctx.hooks.identity.phoneCodeSentMove(member, at);
    await repo.notePhoneOnFile({ userId: member.id, phone, at, move });
  }
  await ctx.providers.sms.send({
    to: phone,
    body: `Your Payrail verification code is ${code}. It expires in ${PHONE_CODE_MINUTES} minutes.`,
    meta: { kind: 'phone_verification' },
  });

  const borrower = await repo.findBorrower(member.id);
  const confirmed = borrower?.phone === phone && borrower.phoneConfirmedAt !== null;
  if (flow === 'dashboard') return { number: phone, confirmed };
  return { number: phone, confirmed, new_status: (await ctx.hooks.identity.currentStatus(ctx, member.id)) ?? member.workflowStatus };
}
