import { BANK_MSG, type TBankInformation } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { requireBank, toBankInformation } from '../bank-accounts';
import { BANK_EDIT_STATUSES } from '../bank-statuses';
import { requireStatus } from '../../workflow/move';
import { liveDocuments } from '../../documents/live-documents';

const refuse = (message: string) => new AppError('validation', message);

/**
 * GET /bank_informations/verify_manual: checks the manual account before Continue — every field filled,
 * a valid routing number of a known bank, and a bank statement uploaded (POST /documents, type
 * bank_statement). Success marks the account verified with the newest statement; any failure is 422
 * `{ error }`, the text the SPA shows in red. A linked account is verified already.
 */
export async function verifyManualAccount(ctx: AppContext, member: MemberRow): Promise<TBankInformation> {
  requireStatus(member, BANK_EDIT_STATUSES);
  const repo = ctx.repos.banking;
  const box = await ctx.cryptoBox();
  const account = await repo.currentReceiver(member.id);
  if (!account) throw refuse(BANK_MSG.noBankAccount);
  if (account.source === 'linked' && account.verifiedAt) return toBankInformation(box, account);
  if (!account.accountType || !account.routingNumber || !account.accountNumberSealed) throw refuse(BANK_MSG.incomplete);
  const bank = await requireBank(ctx, account.routingNumber);
  const statement = (await liveDocuments(ctx, member.id, 'bank_statement')).at(-1);
  if (!statement) throw refuse(BANK_MSG.statementMissing);
  const at = ctx.now();
  const verified = await repo.updateAccount(account.id, {
    bankName: bank.bankName,
    statementDocumentId: statement.id,
    verifiedAt: account.verifiedAt ?? at,
    updatedAt: at,
  });
  return toBankInformation(box, verified);
}
