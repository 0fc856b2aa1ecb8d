import { claimProviderToken } from '../../platform/token-claims';
import { BANK_MSG } from '@payrail/contract/banking';
import { hasValidAbaChecksum } from '@payrail/domain/validation/routing-number';
import { validateAccountNumber } from '@payrail/domain/validation/account-number';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { type BankLinkAccount, type BankLinkAuth, BankLinkError } from '../../../adapters/bank-link/port';
import type { MemberRow } from '../../../db/rows';
import { routingDirectoryOf, sealAccessToken, sealAccountNumber, toBankInformation } from '../bank-accounts';
import type { StatusMove } from '../../workflow/repository';
import { BANK_EDIT_STATUSES } from '../bank-statuses';
import { commitMove, planMove, requireStatus } from '../../workflow/move';

/** What the widget handed the SPA: Plaid's public token, or the second aggregator's finished inquiry. */
export type LinkResult =
  | { aggregator: 'plaid'; publicToken: string; accountId: string | undefined }
  | { aggregator: 'ribbit'; inquiryId: string; inquiryType: string; accountId: string };

/** The account to keep: the one asked for, else the first checking, else the first savings account. */
function chooseAccount(accounts: BankLinkAccount[], accountId: string | undefined): BankLinkAccount | undefined {
  if (accountId !== undefined) return accounts.find((a) => a.accountId === accountId);
  return accounts.find((a) => a.accountType === 'checking') ?? accounts.find((a) => a.accountType === 'savings');
}

/**
 * POST /bank_informations/save_plaid_information and save_ribbit_information: reads the linked account
 * from the aggregator (server to server; the browser never sends account numbers) and makes it the
 * member's verified bank information. On the bank-link page this is the widget's success: the member
 * moves on to the bank accounts page (bank_link → choosing_receiver_account, the machine's link_bank).
 * Any aggregator failure answers the spec's "Something got wrong, try again!" and leaves the status, so
 * the SPA can offer manual entry; the failure's code is kept as a link event for support.
 */
export async function saveLinkedAccount(ctx: AppContext, member: MemberRow, link: LinkResult) {
  requireStatus(member, BANK_EDIT_STATUSES);
  const provider = ctx.providers.bankLink;
  // A token the widget gave one member is never another's (first presentation binds it).
  if (link.aggregator === 'plaid') await claimProviderToken(ctx, 'bank_link_public_token', link.publicToken, member.id, 'public_token');
  else await claimProviderToken(ctx, 'bank_link_inquiry', link.inquiryId, member.id, 'inquiry_id');
  let auth: BankLinkAuth;
  let item: { itemId: string; accessToken: string | null };
  try {
    if (link.aggregator === 'plaid') {
      const exchanged = await provider.exchangePublicToken(link.publicToken);
      item = exchanged;
      auth = await provider.getAuth(exchanged.accessToken);
    } else {
      auth = await provider.verifyInquiry({ inquiryId: link.inquiryId, inquiryType: link.inquiryType, accountId: link.accountId });
      item = { itemId: link.inquiryId.slice(0, 200), accessToken: null };
    }
  } catch (err) {
    if (!(err instanceof BankLinkError)) throw err;
    await ctx.repos.banking.addLinkEvent({
      userId: member.id,
      event: 'SERVER_LINK_FAILED',
      metadata: { aggregator: link.aggregator, error_code: err.code },
      at: ctx.now(),
    });
    throw new AppError('validation', BANK_MSG.linkFailed);
  }

  const account = chooseAccount(auth.accounts, link.accountId);
  if (!account) throw new AppError('validation', BANK_MSG.linkFailed);
  const number = account.accountNumber === null ? null : validateAccountNumber(account.accountNumber);
  if (!account.accountType || !account.routingNumber || !hasValidAbaChecksum(account.routingNumber) || !number?.ok) {
    throw new AppError('validation', BANK_MSG.noEligibleAccount);
  }

  const at = ctx.now();
  let move: StatusMove | null = null;
  if (member.workflowStatus === 'bank_link') move = await planMove(ctx, member, 'choosing_receiver_account', { actor: 'system', facts: { bankLinked: true } });
  const box = await ctx.cryptoBox();
  const bankName = auth.institution?.name ?? (await routingDirectoryOf(ctx)).lookup(account.routingNumber)?.name ?? null;
  const row = await commitMove(ctx, member, () =>
    ctx.repos.banking.replaceReceiver(
      {
        userId: member.id,
        usage: 'receiver',
        source: 'linked',
        accountType: account.accountType,
        routingNumber: account.routingNumber,
        ...sealAccountNumber(box, number.value),
        bankName,
        aggregator: link.aggregator,
        institutionId: auth.institution?.id ?? null,
        institutionLogo: auth.institution?.logo ?? null,
        providerAccountId: account.accountId,
        providerItemId: item.itemId,
        accessTokenSealed: item.accessToken === null ? null : sealAccessToken(box, item.accessToken),
        verifiedAt: at,
        createdAt: at,
        updatedAt: at,
      },
      move,
    ),
  );
  return { ok: true as const, bank_information: toBankInformation(box, row), new_status: move?.to ?? member.workflowStatus };
}
