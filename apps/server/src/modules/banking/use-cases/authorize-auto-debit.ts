import { BANK_MSG, type TAutoDebitRequest } from '@payrail/contract/banking';
import { validateAccountNumber } from '@payrail/domain/validation/account-number';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { manualDebitAccount, requireBank } from '../bank-accounts';
import type { NewBankAccount } from '../repository';
import { commitMove, moved, planMove, requireStatus } from '../../workflow/move';
import { findAgreementDocument } from '../../reference/reference-data';

const refuse = (message: string) => new AppError('validation', message);

/**
 * POST /auto_debit: the ACH debit authorization. Either the account on file (it must be verified) or a
 * new account the server checks — valid routing number of a known bank, 1–20 digit account number —
 * stored sealed as an auto-debit account. Records the authorization under the current
 * auto_debit_disclosure version with time, IP and user agent, accepts that disclosure, and moves
 * auto_debit_needed → esignature_needed, all in one transaction. Failures are 422 `{ error }` (red text).
 */
export async function authorizeAutoDebit(ctx: AppContext, member: MemberRow, input: TAutoDebitRequest, client: ClientInfo) {
  requireStatus(member, ['auto_debit_needed']);
  const disclosure = await findAgreementDocument(ctx, 'auto_debit_disclosure', null);
  if (!disclosure) throw new Error('the auto_debit_disclosure agreement document is not seeded');
  const at = ctx.now();

  let accountId: number | null = null;
  let newAccount: NewBankAccount | null = null;
  if ('use_account_on_file' in input && input.use_account_on_file === true) {
    const onFile = await ctx.repos.banking.currentReceiver(member.id);
    if (!onFile) throw refuse(BANK_MSG.noBankAccount);
    if (!onFile.verifiedAt) throw refuse(BANK_MSG.accountNotVerified);
    accountId = onFile.id;
  } else if ('account_number' in input) {
    const number = validateAccountNumber(input.account_number);
    if (!number.ok) throw refuse(BANK_MSG.accountInvalid);
    const bank = await requireBank(ctx, input.routing_number);
    newAccount = manualDebitAccount(await ctx.cryptoBox(), { userId: member.id, accountType: input.account_type, bank, accountNumber: number.value, at });
  }

  const move = await planMove(ctx, member, 'esignature_needed');
  const authorization = await commitMove(ctx, member, () =>
    ctx.repos.banking.authorizeAutoDebit(
      { userId: member.id, newAccount, accountId, agreementDocumentId: disclosure.id, at, ip: client.ip, userAgent: client.userAgent },
      move,
    ),
  );
  return {
    ...moved(move.to),
    ach_authorization: {
      id: authorization.id,
      bank_account_id: authorization.bankAccountId,
      agreement_document_id: authorization.agreementDocumentId,
      authorized_at: authorization.authorizedAt.toISOString(),
    },
  };
}
