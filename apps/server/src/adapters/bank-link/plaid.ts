import { type BankLinkAccount, type BankLinkAuth, BankLinkError, type BankLinkProvider } from './port';

export type PlaidConfig = { clientId: string; secret: string; env: 'sandbox' | 'development' | 'production' };

const HOSTS: Record<PlaidConfig['env'], string> = {
  sandbox: 'https://sandbox.plaid.com',
  development: 'https://development.plaid.com',
  production: 'https://production.plaid.com',
};

type PlaidErrorBody = { error_code?: string; error_message?: string; display_message?: string | null };
type PlaidAccount = { account_id: string; name: string; mask: string | null; type: string; subtype: string | null };
type PlaidAuthResponse = {
  accounts: PlaidAccount[];
  numbers: { ach: { account_id: string; account: string; routing: string }[] };
  item: { institution_id: string | null };
};

/**
 * Plaid over its REST API with `fetch` (no SDK): /link/token/create, /item/public_token/exchange,
 * /auth/get and /institutions/get_by_id for the name and logo. Plaid's own refusals come back as
 * BankLinkError with Plaid's error_code; a network failure or a non-JSON answer as `PLAID_UNREACHABLE`.
 */
export function plaidBankLink(cfg: PlaidConfig, fetchImpl: typeof fetch = fetch): BankLinkProvider {
  const host = HOSTS[cfg.env];

  async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${host}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: cfg.clientId, secret: cfg.secret, ...body }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new BankLinkError('PLAID_UNREACHABLE', 'Plaid could not be reached');
    }
    const answer = (await res.json().catch(() => null)) as (T & PlaidErrorBody) | null;
    if (!answer) throw new BankLinkError('PLAID_UNREACHABLE', `Plaid answered ${res.status} without JSON`);
    if (!res.ok)
      throw new BankLinkError(answer.error_code ?? 'PLAID_ERROR', answer.error_message ?? `Plaid answered ${res.status}`, answer.display_message ?? null);
    return answer;
  }

  async function institution(id: string | null): Promise<BankLinkAuth['institution']> {
    if (!id) return null;
    try {
      const { institution: ins } = await post<{ institution: { institution_id: string; name: string; logo?: string | null } }>('/institutions/get_by_id', {
        institution_id: id,
        country_codes: ['US'],
        options: { include_optional_metadata: true },
      });
      return { id: ins.institution_id, name: ins.name, logo: ins.logo ? `data:image/png;base64,${ins.logo}` : null };
    } catch {
      // The name and logo are decoration; the numbers are what matter.
      return { id, name: id, logo: null };
    }
  }

  return {
    provider: 'plaid',
    sandbox: null,
    institutions: () => [],

    async createLinkToken({ userId }) {
      const r = await post<{ link_token: string; expiration: string }>('/link/token/create', {
        client_name: 'Payrail',
        language: 'en',
        country_codes: ['US'],
        user: { client_user_id: String(userId) },
        products: ['auth', 'assets'],
      });
      return { linkToken: r.link_token, expiration: r.expiration };
    },

    async exchangePublicToken(publicToken) {
      const r = await post<{ access_token: string; item_id: string }>('/item/public_token/exchange', { public_token: publicToken });
      return { itemId: r.item_id, accessToken: r.access_token };
    },

    async getAuth(accessToken) {
      const r = await post<PlaidAuthResponse>('/auth/get', { access_token: accessToken });
      const numbers = new Map(r.numbers.ach.map((n) => [n.account_id, n]));
      const accounts = r.accounts.map((a): BankLinkAccount => {
        const n = numbers.get(a.account_id);
        const accountType = a.type === 'depository' && (a.subtype === 'checking' || a.subtype === 'savings') ? a.subtype : null;
        return {
          accountId: a.account_id,
          name: a.name,
          mask: a.mask ?? n?.account.slice(-4) ?? '',
          subtype: a.subtype ?? a.type,
          accountType,
          routingNumber: n?.routing ?? null,
          accountNumber: n?.account ?? null,
        };
      });
      return { institution: await institution(r.item.institution_id), accounts };
    },

    async verifyInquiry() {
      throw new BankLinkError('PRODUCT_NOT_CONFIGURED', 'the second aggregator is not configured with BANK_LINK_PROVIDER=plaid');
    },
  };
}
