import { describe, expect, it } from 'vitest';
import { sandboxTokens } from '../../lib/sandbox-tokens';
import { plaidBankLink } from './plaid';
import { BankLinkError } from './port';
import { sandboxBankLink } from './sandbox';

const cfg = { clientId: 'client-123', secret: 'secret-456', env: 'sandbox' as const };

/** A fake Plaid: records calls, answers by path. */
function fakePlaid(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const path = new URL(url).pathname;
    const a = answers[path];
    if (!a) return new Response(JSON.stringify({ error_code: 'NOT_FOUND', error_message: path }), { status: 404 });
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('plaidBankLink', () => {
  it('creates a link token for the auth product', async () => {
    const { calls, fetchImpl } = fakePlaid({ '/link/token/create': { body: { link_token: 'link-sandbox-abc', expiration: '2026-03-10T19:00:00Z' } } });
    const r = await plaidBankLink(cfg, fetchImpl).createLinkToken({ userId: 42 });
    expect(r).toEqual({ linkToken: 'link-sandbox-abc', expiration: '2026-03-10T19:00:00Z' });
    expect(calls[0]!.url).toBe('https://sandbox.plaid.com/link/token/create');
    expect(calls[0]!.body).toMatchObject({
      client_id: 'client-123',
      secret: 'secret-456',
      products: ['auth', 'assets'],
      country_codes: ['US'],
      user: { client_user_id: '42' },
    });
  });

  it('exchanges the public token and reads the ACH numbers with the institution', async () => {
    const { calls, fetchImpl } = fakePlaid({
      '/item/public_token/exchange': { body: { access_token: 'access-sandbox-1', item_id: 'item-1' } },
      '/auth/get': {
        body: {
          accounts: [
            { account_id: 'a1', name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking' },
            { account_id: 'a2', name: 'Plaid Credit Card', mask: '3333', type: 'credit', subtype: 'credit card' },
          ],
          numbers: { ach: [{ account_id: 'a1', account: '1111222233330000', routing: '011401533' }] },
          item: { institution_id: 'ins_109508' },
        },
      },
      '/institutions/get_by_id': { body: { institution: { institution_id: 'ins_109508', name: 'First Platypus Bank', logo: 'iVBORw0KGgo=' } } },
    });
    const plaid = plaidBankLink(cfg, fetchImpl);
    const item = await plaid.exchangePublicToken('public-sandbox-xyz');
    expect(item).toEqual({ itemId: 'item-1', accessToken: 'access-sandbox-1' });
    const auth = await plaid.getAuth(item.accessToken);
    expect(auth.institution).toEqual({ id: 'ins_109508', name: 'First Platypus Bank', logo: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(auth.accounts).toEqual([
      {
        accountId: 'a1',
        name: 'Plaid Checking',
        mask: '0000',
        subtype: 'checking',
        accountType: 'checking',
        routingNumber: '011401533',
        accountNumber: '1111222233330000',
      },
      { accountId: 'a2', name: 'Plaid Credit Card', mask: '3333', subtype: 'credit card', accountType: null, routingNumber: null, accountNumber: null },
    ]);
    expect(calls.map((c) => c.body.access_token ?? c.body.public_token ?? c.body.institution_id)).toEqual([
      'public-sandbox-xyz',
      'access-sandbox-1',
      'ins_109508',
    ]);
  });

  it("reports Plaid's own error code", async () => {
    const { fetchImpl } = fakePlaid({
      '/item/public_token/exchange': {
        status: 400,
        body: {
          error_type: 'INVALID_INPUT',
          error_code: 'INVALID_PUBLIC_TOKEN',
          error_message: 'provided public token is in an invalid format',
          display_message: null,
        },
      },
    });
    const err = await plaidBankLink(cfg, fetchImpl)
      .exchangePublicToken('bad')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BankLinkError);
    expect(err).toMatchObject({ code: 'INVALID_PUBLIC_TOKEN', message: 'provided public token is in an invalid format' });
  });

  it('reports an unreachable Plaid', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(plaidBankLink({ ...cfg, env: 'production' }, down).createLinkToken({ userId: 1 })).rejects.toMatchObject({ code: 'PLAID_UNREACHABLE' });
  });
});

describe('sandboxBankLink', () => {
  let now = new Date('2026-03-10T12:00:00Z');
  const link = sandboxBankLink(
    sandboxTokens(async () => 'test-secret', 'sandbox-bank-link'),
    () => now,
  );
  const login = { institutionId: 'ins_sandbox_harbor_point', username: 'user_good', password: 'pass_good' };

  it('runs the whole test-mode path', async () => {
    const { linkToken } = await link.createLinkToken({ userId: 7 });
    const r = await link.sandbox!.authorize({ ...login, linkToken });
    const item = await link.exchangePublicToken(r.publicToken);
    const auth = await link.getAuth(item.accessToken);
    expect(auth.accounts.map((a) => a.accountId)).toEqual(r.accounts.map((a) => a.id));
    expect(auth.accounts[0]!.accountNumber!.endsWith(r.accounts[0]!.mask)).toBe(true);
  });

  it('expires public tokens after 30 minutes', async () => {
    const r = await link.sandbox!.authorize(login);
    now = new Date(now.getTime() + 31 * 60_000);
    await expect(link.exchangePublicToken(r.publicToken)).rejects.toMatchObject({ code: 'INVALID_PUBLIC_TOKEN' });
  });

  it('never takes a token minted under another secret or of another kind', async () => {
    const other = sandboxBankLink(
      sandboxTokens(async () => 'other-secret', 'sandbox-bank-link'),
      () => now,
    );
    const r = await other.sandbox!.authorize(login);
    await expect(link.exchangePublicToken(r.publicToken)).rejects.toMatchObject({ code: 'INVALID_PUBLIC_TOKEN' });
    const mine = await link.sandbox!.authorize(login);
    await expect(link.getAuth(mine.publicToken)).rejects.toMatchObject({ code: 'INVALID_ACCESS_TOKEN' });
  });
});

describe('configuration', () => {
  it('asks for Plaid and Stripe keys only when they are chosen, and picks the implementations', async () => {
    const { loadConfig } = await import('../../config');
    // The server fails closed to production; this test reads the development defaults.
    const devConfig = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'development', ...env });
    expect(() => devConfig({ BANK_LINK_PROVIDER: 'plaid' })).toThrow(/PLAID_CLIENT_ID and PLAID_SECRET/);
    expect(() => devConfig({ CARD_TOKENIZER_PROVIDER: 'stripe' })).toThrow(/STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY/);
    const c = devConfig({
      BANK_LINK_PROVIDER: 'plaid',
      PLAID_CLIENT_ID: 'c',
      PLAID_SECRET: 's',
      PLAID_ENV: 'production',
      CARD_TOKENIZER_PROVIDER: 'stripe',
      STRIPE_PUBLISHABLE_KEY: 'pk',
      STRIPE_SECRET_KEY: 'sk',
    });
    expect(c.bankLink).toEqual({ provider: 'plaid', plaid: { clientId: 'c', secret: 's', env: 'production' } });
    expect(c.cardTokenizer).toEqual({ provider: 'stripe', stripe: { publishableKey: 'pk', secretKey: 'sk' } });
    const defaults = devConfig({});
    expect(defaults.bankLink.provider).toBe('sandbox');
    expect(defaults.cardTokenizer.provider).toBe('sandbox');
    expect(defaults.routingDirectoryFile).toBeUndefined();
    expect(defaults.collectionAccount).toEqual({ routingNumber: '034821624', accountNumber: '8800012345' });
    expect(() => devConfig({ COLLECTION_ROUTING_NUMBER: '12' })).toThrow(/COLLECTION_ROUTING_NUMBER/);
  });
});
