import { BANK_MSG, type TBankInformation } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { toBankInformation } from '../bank-accounts';

/** GET /bank_informations: the member's bank account, masked; 404 when there is none yet (the empty state). */
export async function getBankInformation(ctx: AppContext, userId: number): Promise<TBankInformation> {
  const row = await ctx.repos.banking.currentReceiver(userId);
  if (!row) throw AppError.notFound(BANK_MSG.noBankAccount);
  return toBankInformation(await ctx.cryptoBox(), row);
}

/** GET /bank_informations/show_field/{key}: one field (null when not filled in yet; the account number masked). */
export async function showBankField(
  ctx: AppContext,
  userId: number,
  key: 'account_type' | 'routing_transfer_number' | 'bank_account_number' | 'bank_name',
): Promise<Record<string, string | null>> {
  const row = await ctx.repos.banking.currentReceiver(userId);
  if (!row) return { [key]: null };
  return { [key]: toBankInformation(await ctx.cryptoBox(), row)[key] };
}
