import { BANK_MSG, type AccountType, type TBankInformation } from '@payrail/contract/banking';
import { validateAccountNumber } from '@payrail/domain/validation/account-number';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../identity/repository';
import { requireBank, sealAccountNumber, toBankInformation } from '../bank-accounts';
import { BANK_EDIT_STATUSES } from '../bank-statuses';
import { requireStatus } from '../../workflow/move';

/**
 * POST /bank_informations/verify_manual_save_api_response (new flow): the whole manual account in one
 * call, checked like verify_manual (valid routing of a known bank, 1–20 digit account number) and saved
 * as the member's bank information. It is verified at once when a bank statement is on file already;
 * otherwise verify_manual verifies it after the upload. Refusals are 422 with the text as the body.
 */
export async function saveManualAccount(ctx: AppContext, member: MemberRow, input: { accountType: AccountType; routing: string; accountNumber: string }): Promise<TBankInformation> {
  if (!member.newFlow) requireStatus(member, BANK_EDIT_STATUSES);
  const number = validateAccountNumber(input.accountNumber);
  if (!number.ok) throw new AppError('validation', BANK_MSG.accountInvalid);
  const bank = await requireBank(ctx, input.routing);
  const box = await ctx.cryptoBox();
  const statement = (await ctx.repos.documents.listLive(member.id, 'bank_statement')).at(-1);
  const at = ctx.now();
  // Without a status move the replacement cannot lose a race: it always answers the row.
  const row = await ctx.repos.banking.replaceReceiver(
    {
      userId: member.id,
      usage: 'receiver',
      source: 'manual',
      accountType: input.accountType,
      routingNumber: bank.routingNumber,
      bankName: bank.bankName,
      ...sealAccountNumber(box, number.value),
      statementDocumentId: statement?.id ?? null,
      verifiedAt: statement ? at : null,
      createdAt: at,
      updatedAt: at,
    },
    null,
  );
  return toBankInformation(box, row!);
}
