import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { AppError } from '../../../errors';
import { toBankInformation } from '../../banking/bank-accounts';
import { saveManualAccount } from '../../banking/use-cases/save-manual-account';
import { receiverAccount } from '../../banking/accounts-on-file';
import { storeUpload } from '../uploads';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

/** verify_bank_account: a linked (verified) account, or a manual one with a bank statement. */
export const verifyBankAccount = {
  async data({ ctx, member }) {
    const account = await receiverAccount(ctx, member.id);
    return { bank_information: account ? toBankInformation(await ctx.cryptoBox(), account) : null, linked: Boolean(account?.verifiedAt) };
  },
  async post({ ctx, member, body }) {
    const p = payloadOf('verify_bank_account', body);
    if (p.manual) {
      await storeUpload(ctx, member.id, 'bankStatement', p.manual.bankStatement, 'bank_statement');
      await saveManualAccount(ctx, member, {
        accountType: p.manual.accountType === 'Savings' ? 'savings' : 'checking',
        routing: p.manual.routingNumber,
        accountNumber: p.manual.accountNumber,
      });
    }
    const account = await receiverAccount(ctx, member.id);
    if (!account || !account.verifiedAt) throw AppError.fields({ bank_account: [NEWFLOW_MSG.bankAccountMissing] });
    return moved(await saveAndMove(ctx, member, {}, 'additional_documents'));
  },
} satisfies StepHandlers;
