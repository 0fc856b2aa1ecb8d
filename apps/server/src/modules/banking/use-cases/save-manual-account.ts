import { BANK_MSG, type AccountType, type TBankInformation } from '@payrail/contract/banking';
import { validateAccountNumber } from '@payrail/domain/validation/account-number';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { CryptoBox } from '../../../lib/crypto-box';
import type { MemberRow } from '../../../db/rows';
import { openAccountNumber, requireBank, sealAccountNumber, toBankInformation } from '../bank-accounts';
import type { BankAccountRow, NewBankAccount } from '../repository';
import { BANK_EDIT_STATUSES } from '../bank-statuses';
import { requireStatus } from '../../workflow/move';
import { liveDocuments } from '../../documents/live-documents';

/**
 * POST /bank_informations/verify_manual_save_api_response (new flow): the whole manual account in one
 * call, checked like verify_manual (valid routing of a known bank, 1–20 digit account number) and saved
 * as the member's bank information. It is verified at once when a bank statement is on file already;
 * otherwise verify_manual verifies it after the upload. Refusals are 422 with the text as the body.
 */
export async function saveManualAccount(
  ctx: AppContext,
  member: MemberRow,
  input: { accountType: AccountType; routing: string; accountNumber: string },
): Promise<TBankInformation> {
  if (!member.newFlow) requireStatus(member, BANK_EDIT_STATUSES);
  const number = validateAccountNumber(input.accountNumber);
  if (!number.ok) throw new AppError('validation', BANK_MSG.accountInvalid);
  const bank = await requireBank(ctx, input.routing);
  const box = await ctx.cryptoBox();
  const statement = (await liveDocuments(ctx, member.id, 'bank_statement')).at(-1);
  const at = ctx.now();
  const account: NewBankAccount = {
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
  };
  // Without a status move the replacement cannot lose a race: it always answers the row. The same
  // account saved again (a double click) keeps the live row instead of archiving it for a copy.
  const row = await ctx.repos.banking.replaceReceiver(account, null, (live) => holdsSameAccount(box, live, account, number.value));
  return toBankInformation(box, row!);
}

/**
 * The live account is the one this call would store: a manual entry with the same type, routing number,
 * bank, account number (opened from its seal) and statement, verified exactly when this one would be.
 * There is no holder column (the holder is the member). Anything else is a different account.
 */
function holdsSameAccount(box: CryptoBox, live: BankAccountRow, next: NewBankAccount, digits: string): boolean {
  if (live.source !== 'manual' || live.aggregator !== null || live.providerAccountId !== null) return false;
  if (live.accountType !== next.accountType || live.routingNumber !== next.routingNumber || live.bankName !== next.bankName) return false;
  if (live.statementDocumentId !== (next.statementDocumentId ?? null) || (live.verifiedAt === null) !== (next.verifiedAt === null)) return false;
  if (live.accountNumberLast4 !== next.accountNumberLast4) return false;
  try {
    return openAccountNumber(box, live) === digits;
  } catch {
    return false; // A seal that no longer opens is not a match: replace it as before.
  }
}
