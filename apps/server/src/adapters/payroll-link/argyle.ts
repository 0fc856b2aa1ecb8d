import { PayrollLinkError, type PayrollAccount, type PayrollAllocation, type PayrollLinkProvider } from './port';

export type ArgyleConfig = {
  apiKeyId: string;
  apiKeySecret: string;
  /** https://api-sandbox.argyle.com or https://api.argyle.com */
  baseUrl: string;
  /** Payrail's account that receives the split. */
  depositAccount: { routingNumber: string; accountNumber: string; accountType: 'checking' | 'savings' };
};

/** Argyle's web plugin (Link). */
export const ARGYLE_PLUGIN_URL = 'https://plugin.argyle.com/argyle.web.v5.js';

/** The Argyle API (v2) behind the payroll-link port: users, user tokens, accounts, pay allocations and encrypted pay-distribution configs. */
export function argylePayrollLink(config: ArgyleConfig, fetchFn: typeof fetch = fetch): PayrollLinkProvider {
  const auth = `Basic ${Buffer.from(`${config.apiKeyId}:${config.apiKeySecret}`).toString('base64')}`;
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetchFn(`${config.baseUrl}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : {};
    if (!res.ok) {
      const detail = (json as { detail?: string; message?: string }).detail ?? (json as { message?: string }).message ?? `HTTP ${res.status}`;
      throw new PayrollLinkError(res.status === 404 ? 'not_found' : 'provider_error', detail);
    }
    return json as T;
  }
  return {
    provider: 'argyle',
    pluginUrl: ARGYLE_PLUGIN_URL,
    async userToken({ userId, payrollUserId }) {
      if (payrollUserId) {
        const { user_token } = await call<{ user_token: string }>('POST', '/v2/user-tokens', { user: payrollUserId });
        return { payrollUserId, userToken: user_token };
      }
      const { id, user_token } = await call<{ id: string; user_token: string }>('POST', '/v2/users', { external_metadata: { payrail_user_id: userId } });
      return { payrollUserId: id, userToken: user_token };
    },
    async getAccount({ accountId, payrollUserId }) {
      try {
        const a = await call<{ id: string; user: string; employers?: string[]; connection?: { status?: string }; pay_distribution?: { status?: string } }>(
          'GET',
          `/v2/accounts/${encodeURIComponent(accountId)}`,
        );
        if (a.user !== payrollUserId) return null;
        const status = a.connection?.status === 'connected' ? 'connected' : a.connection?.status === 'error' ? 'error' : 'connecting';
        const account: PayrollAccount = {
          accountId: a.id,
          employer: a.employers?.[0] ?? '',
          status,
          payDistributionSupported: a.pay_distribution?.status !== 'unsupported',
        };
        return account;
      } catch (err) {
        if (err instanceof PayrollLinkError && err.code === 'not_found') return null;
        throw err;
      }
    },
    async payDistributionConfig({ amountCents }) {
      const dollars = (amountCents / 100).toFixed(2);
      const { encrypted_config } = await call<{ encrypted_config: string }>('POST', '/v2/pay-distribution-configs/encrypt', {
        bank_account: {
          bank_name: 'Payrail',
          routing_number: config.depositAccount.routingNumber,
          account_number: config.depositAccount.accountNumber,
          account_type: config.depositAccount.accountType,
        },
        amount_allocation: { value: dollars, min_value: dollars, max_value: dollars },
      });
      return encrypted_config;
    },
    async getAllocation({ accountId, payrollUserId }) {
      const { results } = await call<{
        results: {
          account: string;
          user?: string;
          status?: string;
          allocation_type?: string;
          allocation_value?: string;
          bank_account?: { account_number?: string; routing_number?: string };
        }[];
      }>('GET', `/v2/pay-allocations?account=${encodeURIComponent(accountId)}`);
      const ours = results.find(
        (r) =>
          (r.user === undefined || r.user === payrollUserId) &&
          r.bank_account?.routing_number === config.depositAccount.routingNumber &&
          r.bank_account?.account_number?.endsWith(config.depositAccount.accountNumber.slice(-4)),
      );
      if (!ours) return { status: 'none', amountCents: null } satisfies PayrollAllocation;
      const amount = ours.allocation_type === 'amount' && ours.allocation_value ? Math.round(Number(ours.allocation_value) * 100) : null;
      return { status: ours.status === 'inactive' ? 'declined' : 'set', amountCents: amount } satisfies PayrollAllocation;
    },
  };
}
