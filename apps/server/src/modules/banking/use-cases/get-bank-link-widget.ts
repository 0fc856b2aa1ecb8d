import type { AppContext } from '../../../context';
import { SANDBOX_PASSWORD, SANDBOX_USERNAME } from '../../../adapters/bank-link/sandbox';

/**
 * GET /bank_informations/widget: a fresh link token for the member and what the SPA draws the widget
 * with — the sandbox's test institutions and credentials hint, or nothing extra for the real provider
 * (its own widget searches institutions). A provider failure is a 5xx: the SPA shows "Unexpected Error
 * Happened" and offers manual entry.
 */
export async function getBankLinkWidget(ctx: AppContext, userId: number) {
  const provider = ctx.providers.bankLink;
  const { linkToken, expiration } = await provider.createLinkToken({ userId });
  return {
    provider: provider.provider,
    link_token: linkToken,
    expiration,
    institutions: [...provider.institutions()],
    test_credentials: provider.sandbox ? { username: SANDBOX_USERNAME, password: SANDBOX_PASSWORD } : null,
  };
}
