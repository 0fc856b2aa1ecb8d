import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxTokens } from '../../lib/sandbox-tokens';
import { type BankLinkAccount, type BankLinkAuth, BankLinkError, type BankLinkInstitution, type BankLinkProvider } from './port';

/** The test credentials (the same as Plaid's test mode). */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

const LINK_TOKEN_MS = 4 * 3_600_000;
const PUBLIC_TOKEN_MS = 30 * 60_000;

function logo(initials: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="40" font-family="Helvetica,Arial,sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Fictional test institutions. Their routing numbers are in the bundled sandbox routing directory, so
 * a linked account's bank resolves the same way a typed one does. One is "down" to exercise the error.
 */
export const SANDBOX_INSTITUTIONS: readonly (BankLinkInstitution & { routingNumber: string })[] = [
  { id: 'ins_sandbox_harbor_point', name: 'Harbor Point Bank', routingNumber: '034821624', logo: logo('HP', '#0b5cad'), down: false },
  { id: 'ins_sandbox_bluebonnet', name: 'Bluebonnet National Bank', routingNumber: '067569209', logo: logo('BN', '#3b5bdb'), down: false },
  { id: 'ins_sandbox_northwind', name: 'Northwind National Bank', routingNumber: '126813760', logo: logo('NW', '#2b8a3e'), down: false },
  { id: 'ins_sandbox_copper_ridge', name: 'Copper Ridge Community Bank', routingNumber: '031727297', logo: logo('CR', '#c2410c'), down: false },
  { id: 'ins_sandbox_tallgrass_cu', name: 'Tallgrass Credit Union', routingNumber: '301172718', logo: logo('TG', '#7048e8'), down: false },
  { id: 'ins_sandbox_saltmarsh', name: 'Saltmarsh Bank (always down)', routingNumber: '125624895', logo: logo('SM', '#868e96'), down: true },
];

type ItemClaims = { item: string; ins: string; uid?: number; exp?: number };

/** Per-item account numbers: stable for an item, different between items (so tests can tell them apart). */
function accountsOf(itemId: string, routingNumber: string): BankLinkAccount[] {
  const digits = (label: string) => {
    const h = createHmac('sha256', 'payrail-sandbox-accounts').update(`${itemId}/${label}`).digest();
    let out = '';
    for (const b of h) out += String(b % 10);
    return `9${out.slice(0, 11)}`;
  };
  const checking = digits('checking');
  const savings = digits('savings');
  return [
    {
      accountId: `acc-${itemId}-checking`,
      name: 'Sandbox Checking',
      mask: checking.slice(-4),
      subtype: 'checking',
      accountType: 'checking',
      routingNumber,
      accountNumber: checking,
    },
    {
      accountId: `acc-${itemId}-savings`,
      name: 'Sandbox Savings',
      mask: savings.slice(-4),
      subtype: 'savings',
      accountType: 'savings',
      routingNumber,
      accountNumber: savings,
    },
    {
      accountId: `acc-${itemId}-credit`,
      name: 'Sandbox Credit Card',
      mask: '3333',
      subtype: 'credit card',
      accountType: null,
      routingNumber: null,
      accountNumber: null,
    },
  ];
}

/**
 * The bank-link provider's test mode, offline: test institutions, `user_good` / `pass_good`, an
 * institution that is always down, and stateless signed tokens (link 4 h, public 30 min, access forever)
 * that only this installation can mint.
 */
export function sandboxBankLink(tokens: SandboxTokens, now: () => Date): BankLinkProvider {
  const institution = (id: string) => SANDBOX_INSTITUTIONS.find((i) => i.id === id);
  const authOf = (claims: ItemClaims): BankLinkAuth => {
    const ins = institution(claims.ins);
    if (!ins) throw new BankLinkError('INVALID_ACCESS_TOKEN', 'the item of this token no longer exists');
    return { institution: { id: ins.id, name: ins.name, logo: ins.logo }, accounts: accountsOf(claims.item, ins.routingNumber) };
  };

  return {
    provider: 'sandbox',
    institutions: () => SANDBOX_INSTITUTIONS.map(({ id, name, logo: l, down }) => ({ id, name, logo: l, down })),

    async createLinkToken({ userId }) {
      const exp = now().getTime() + LINK_TOKEN_MS;
      return { linkToken: await tokens.sign('link-sandbox', { uid: userId, exp }), expiration: new Date(exp).toISOString() };
    },

    async exchangePublicToken(publicToken) {
      const claims = await tokens.verify<ItemClaims>('public-sandbox', publicToken, now());
      if (!claims) throw new BankLinkError('INVALID_PUBLIC_TOKEN', 'provided public token is expired or invalid');
      return { itemId: claims.item, accessToken: await tokens.sign('access-sandbox', { item: claims.item, ins: claims.ins }) };
    },

    async getAuth(accessToken) {
      const claims = await tokens.verify<ItemClaims>('access-sandbox', accessToken, now());
      if (!claims) throw new BankLinkError('INVALID_ACCESS_TOKEN', 'provided access token is invalid');
      return authOf(claims);
    },

    async verifyInquiry({ inquiryId, accountId }) {
      const claims = await tokens.verify<ItemClaims>('inquiry-sandbox', inquiryId, now());
      if (!claims) throw new BankLinkError('INVALID_INQUIRY', 'the inquiry is expired or invalid');
      const auth = authOf(claims);
      const account = auth.accounts.find((a) => a.accountId === accountId);
      if (!account) throw new BankLinkError('INVALID_ACCOUNT_ID', 'the account is not part of this inquiry');
      return { institution: auth.institution, accounts: [account] };
    },

    sandbox: {
      async authorize({ linkToken, institutionId, username, password }) {
        if (linkToken !== undefined && !(await tokens.verify('link-sandbox', linkToken, now()))) {
          throw new BankLinkError('INVALID_LINK_TOKEN', 'provided link token is expired or invalid');
        }
        const ins = institution(institutionId);
        if (!ins) throw new BankLinkError('INVALID_INSTITUTION', 'invalid institution_id provided');
        if (ins.down) {
          throw new BankLinkError(
            'INSTITUTION_DOWN',
            'this institution is not currently responding to this request. please try again soon',
            'There was a problem processing your request. Your account could not be connected at this time.',
          );
        }
        if (username !== SANDBOX_USERNAME || password !== SANDBOX_PASSWORD) {
          throw new BankLinkError('INVALID_CREDENTIALS', 'the provided credentials were not correct', 'The username or password you entered is incorrect.');
        }
        const item = randomBytes(12).toString('hex');
        const exp = now().getTime() + PUBLIC_TOKEN_MS;
        return {
          publicToken: await tokens.sign('public-sandbox', { item, ins: ins.id, exp }),
          inquiry: { id: await tokens.sign('inquiry-sandbox', { item, ins: ins.id, exp }), type: 'bank_account_verification' },
          institution: { id: ins.id, name: ins.name },
          accounts: accountsOf(item, ins.routingNumber).map((a) => ({ id: a.accountId, name: a.name, mask: a.mask, subtype: a.subtype })),
        };
      },
    },
  };
}
