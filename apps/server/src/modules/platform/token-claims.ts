import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';

export type ProviderTokenKind = 'bank_link_public_token' | 'bank_link_inquiry' | 'card_token';

/**
 * Binds a provider token to the member presenting it: the first member to present a token owns it, and
 * another member presenting the same token gets the field's 422 (as for a token that does not exist:
 * nothing tells them it belongs to someone). Call it before the token is used with the provider.
 */
export async function claimProviderToken(ctx: AppContext, kind: ProviderTokenKind, token: string, userId: number, field: string): Promise<void> {
  const owner = await ctx.repos.platform.claimProviderToken({ tokenHash: hashToken(`${kind}:${token}`), kind, userId, at: ctx.now() });
  if (owner !== userId) throw AppError.fields({ [field]: [FIELD_MSG.invalid] });
}
