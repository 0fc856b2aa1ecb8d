import type { SandboxTokens } from '../../lib/sandbox-tokens';
import { PayrollLinkError, type PayrollAccount, type PayrollAllocation, type PayrollLinkProvider } from './port';

/** Test credentials of the sandbox widget (docs/newflow.md), like a provider's test mode. */
export const SANDBOX_PAYROLL_USERS: Readonly<Record<string, { payDistribution: boolean; locked?: boolean }>> = {
  test_1: { payDistribution: true },
  test_2: { payDistribution: false },
  test_locked: { payDistribution: true, locked: true },
};
export const SANDBOX_PAYROLL_PASSWORD = 'passgood';

const USER_PREFIX = 'sbx_payroll_user';
const TOKEN_PREFIX = 'sbx_payroll_token';
const ACCOUNT_PREFIX = 'sbx_payroll_account';
const CONFIG_PREFIX = 'sbx_payroll_config';
const TOKEN_TTL_MS = 60 * 60_000;

export type SandboxPayrollLink = PayrollLinkProvider & {
  /** The widget's log-in (what the provider's test mode does inside its modal). */
  login(p: { userToken: string; linkItem: string | null; username: string; password: string }): Promise<{ accountId: string; employer: string }>;
  /** The widget's pay-distribution screen: the applicant accepts (or closes) the split. */
  confirmPayDistribution(p: { userToken: string; accountId: string; accept: boolean; payDistributionConfig: string }): Promise<PayrollAllocation>;
};

/**
 * The sandbox payroll link: stateless signed tokens for users, widget sessions and accounts (only this
 * install can mint them), and the allocations the widget set, kept in the process like a test-mode
 * session (restarting the server forgets them: link again).
 */
export function sandboxPayrollLink(tokens: SandboxTokens, now: () => Date): SandboxPayrollLink {
  const allocations = new Map<string, PayrollAllocation>();
  const session = async (userToken: string) => {
    const p = await tokens.verify<{ uid: string }>(TOKEN_PREFIX, userToken, now());
    if (!p) throw new PayrollLinkError('invalid_user_token', 'The widget session is invalid or has expired.');
    return p.uid;
  };
  const account = async (accountId: string) =>
    tokens.verify<{ uid: string; username: string; employer: string; pd: boolean }>(ACCOUNT_PREFIX, accountId, now());
  return {
    provider: 'sandbox',
    pluginUrl: null,
    async userToken({ userId, payrollUserId }) {
      const uid =
        payrollUserId && (await tokens.verify(USER_PREFIX, payrollUserId, now())) ? payrollUserId : await tokens.sign(USER_PREFIX, { member: userId });
      return { payrollUserId: uid, userToken: await tokens.sign(TOKEN_PREFIX, { uid, exp: now().getTime() + TOKEN_TTL_MS }) };
    },
    async getAccount({ accountId, payrollUserId }) {
      const a = await account(accountId);
      if (!a || a.uid !== payrollUserId) return null;
      const found: PayrollAccount = { accountId, employer: a.employer, status: 'connected', payDistributionSupported: a.pd };
      return found;
    },
    async payDistributionConfig({ amountCents }) {
      return tokens.sign(CONFIG_PREFIX, { amount: amountCents });
    },
    async getAllocation({ accountId, payrollUserId }) {
      const a = await account(accountId);
      if (!a || a.uid !== payrollUserId) return { status: 'none', amountCents: null };
      return allocations.get(accountId) ?? { status: 'none', amountCents: null };
    },
    async login({ userToken, linkItem, username, password }) {
      const uid = await session(userToken);
      const user = SANDBOX_PAYROLL_USERS[username];
      if (!user || password !== SANDBOX_PAYROLL_PASSWORD) throw new PayrollLinkError('invalid_credentials', 'The username or password is incorrect.');
      if (user.locked) throw new PayrollLinkError('account_locked', 'This payroll account is locked. Please contact your employer.');
      const employer = linkItem ? `Sandbox payroll (${linkItem})` : 'Sandbox payroll';
      const accountId = await tokens.sign(ACCOUNT_PREFIX, { uid, username, employer, pd: user.payDistribution });
      return { accountId, employer };
    },
    async confirmPayDistribution({ userToken, accountId, accept, payDistributionConfig }) {
      const uid = await session(userToken);
      // Like the provider's widget, the split set is the one in the (server-issued) config, not one the browser names.
      const config = await tokens.verify<{ amount: number }>(CONFIG_PREFIX, payDistributionConfig, now());
      if (!config || !Number.isInteger(config.amount) || config.amount <= 0)
        throw new PayrollLinkError('invalid_pay_distribution_config', 'The pay distribution config is invalid.');
      const amountCents = config.amount;
      const a = await account(accountId);
      if (!a || a.uid !== uid) throw new PayrollLinkError('account_not_found', 'This payroll account is not connected.');
      if (!a.pd) throw new PayrollLinkError('pay_distribution_unsupported', 'This payroll system does not support pay distribution updates.');
      const result: PayrollAllocation = accept ? { status: 'set', amountCents } : { status: 'declined', amountCents: null };
      allocations.set(accountId, result);
      return result;
    },
  };
}
