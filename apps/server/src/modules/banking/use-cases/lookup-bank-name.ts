import { BANK_MSG } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findBank } from '../bank-accounts';

/** GET /bank_informations/bank_name/{routing}: the ABA checks, then the directory; 404 with the spec's text otherwise. */
export async function lookupBankName(ctx: AppContext, routing: string): Promise<{ bank_name: string }> {
  const bank = await findBank(ctx, routing);
  if (!bank.ok) throw AppError.notFound(BANK_MSG.bankNotFound);
  return { bank_name: bank.bankName };
}
