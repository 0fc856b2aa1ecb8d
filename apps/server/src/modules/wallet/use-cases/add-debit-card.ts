import { claimProviderToken } from '../../platform/token-claims';
import { WALLET_MSG } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { WalletCardRow } from '../repository';

/** More than four clear digits is (part of) a card number: refused before anything else is done. */
const TOO_MANY_DIGITS = /\d(?:\D*\d){4}/;

/**
 * POST /wallet and POST /add_debit_card: keeps a debit card the processor's tokenizer tokenized in the
 * browser. The server never accepts a card number: a masked `card_number` may show at most its last four
 * digits, and a token that contains a run of card-number digits is refused. The token is asked back to
 * the processor (it must exist, be a debit card, and its last four must match what the form showed),
 * then stored sealed with its last four digits only. Adding a card does not move the workflow: on the
 * debit-card page the SPA then advances (debit_card → review_allotment), as it does on SKIP.
 */
export async function addDebitCard(ctx: AppContext, userId: number, input: { token: string; cardNumber?: string | undefined }): Promise<WalletCardRow> {
  if (input.cardNumber !== undefined && TOO_MANY_DIGITS.test(input.cardNumber)) throw AppError.fields({ card_number: [WALLET_MSG.cardNumberNotMasked] });
  if (/\d{12,}/.test(input.token.replace(/[\s-]/g, ''))) throw AppError.fields({ token: [WALLET_MSG.tokenLooksLikeCardNumber] });
  const card = await ctx.providers.cardTokenizer.retrieve(input.token);
  if (!card) throw AppError.fields({ token: [WALLET_MSG.tokenUnknown] });
  // A card token is the member's who first presents it; another member gets "unknown", as for a made-up one.
  try {
    await claimProviderToken(ctx, 'card_token', input.token, userId, 'token');
  } catch {
    throw AppError.fields({ token: [WALLET_MSG.tokenUnknown] });
  }
  const shown = input.cardNumber?.replace(/\D/g, '') ?? '';
  if (shown !== '' && !card.last4.endsWith(shown)) throw AppError.fields({ card_number: [WALLET_MSG.last4Mismatch] });
  if (card.funding === 'credit') throw new AppError('validation', WALLET_MSG.notDebit);
  const box = await ctx.cryptoBox();
  const [tokenIndex, ...previousIndexes] = box.hmacIndexes(`wallet-token:${input.token}`);
  return ctx.repos.wallet.add(
    {
      userId,
      provider: ctx.providers.cardTokenizer.provider,
      tokenSealed: box.seal(input.token, 'wallet_cards.token'),
      tokenIndex: tokenIndex!,
      last4: card.last4,
      brand: card.brand,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: ctx.now(),
    },
    previousIndexes,
  );
}
