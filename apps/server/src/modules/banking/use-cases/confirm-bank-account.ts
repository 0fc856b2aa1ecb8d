import { BANK_MSG } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { BANK_CONFIRM_STATUSES } from '../bank-statuses';
import { commitMove, moved, planAdvance, requireStatus, storeMove } from '../../workflow/move';

/**
 * POST /bank_informations/confirm: Continue on the manual bank page and Confirm on the bank accounts
 * page, with the server's check that a verified account is on file. The machine decides where to go:
 * from a manual page to the bank accounts page; from the bank accounts page to documents, or straight to
 * ready_for_review when the application was submitted before (the spec's "sets ready_for_review").
 */
export async function confirmBankAccount(ctx: AppContext, member: MemberRow) {
  requireStatus(member, BANK_CONFIRM_STATUSES);
  const account = await ctx.repos.banking.currentReceiver(member.id);
  if (!account) throw new AppError('validation', BANK_MSG.noBankAccount, { extra: { current_status: member.workflowStatus } });
  if (!account.verifiedAt) throw new AppError('validation', BANK_MSG.accountNotVerified, { extra: { current_status: member.workflowStatus } });
  const move = await planAdvance(ctx, member);
  await commitMove(ctx, member, () => storeMove(ctx, move));
  return moved(move.to);
}
