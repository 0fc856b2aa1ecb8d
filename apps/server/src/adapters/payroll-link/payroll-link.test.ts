import { describe, expect, it } from 'vitest';
import { sandboxTokens } from '../../lib/sandbox-tokens';
import { sandboxCreditBureau } from '../credit-bureau/sandbox';
import { argylePayrollLink } from './argyle';
import { PayrollLinkError } from './port';
import { sandboxPayrollLink } from './sandbox';

const now = () => new Date('2026-12-01T15:00:00Z');
const sandbox = () =>
  sandboxPayrollLink(
    sandboxTokens(async () => 'secret', 'test-payroll'),
    now,
  );

describe('sandboxPayrollLink (test mode)', () => {
  it('connects test_1 with pay distribution and records the allocation the widget set', async () => {
    const p = sandbox();
    const { payrollUserId, userToken } = await p.userToken({ userId: 7, payrollUserId: null });
    expect((await p.userToken({ userId: 7, payrollUserId })).payrollUserId).toBe(payrollUserId);
    const { accountId } = await p.login({ userToken, linkItem: 'item_1', username: 'test_1', password: 'passgood' });
    expect(await p.getAccount({ accountId, payrollUserId })).toMatchObject({ status: 'connected', payDistributionSupported: true });
    expect(await p.getAllocation({ accountId, payrollUserId })).toEqual({ status: 'none', amountCents: null });
    const config = await p.payDistributionConfig({ amountCents: 12_345 });
    await expect(p.confirmPayDistribution({ userToken, accountId, accept: true, payDistributionConfig: 'forged' })).rejects.toMatchObject({
      code: 'invalid_pay_distribution_config',
    });
    await p.confirmPayDistribution({ userToken, accountId, accept: true, payDistributionConfig: config });
    expect(await p.getAllocation({ accountId, payrollUserId })).toEqual({ status: 'set', amountCents: 12_345 });
    await p.confirmPayDistribution({ userToken, accountId, accept: false, payDistributionConfig: config });
    expect(await p.getAllocation({ accountId, payrollUserId })).toEqual({ status: 'declined', amountCents: null });
  });

  it('refuses bad credentials, a locked account, pay distribution on test_2, and another user’s account', async () => {
    const p = sandbox();
    const a = await p.userToken({ userId: 1, payrollUserId: null });
    const b = await p.userToken({ userId: 2, payrollUserId: null });
    await expect(p.login({ userToken: a.userToken, linkItem: null, username: 'test_1', password: 'passbad' })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(p.login({ userToken: a.userToken, linkItem: null, username: 'test_locked', password: 'passgood' })).rejects.toMatchObject({
      code: 'account_locked',
    });
    await expect(p.login({ userToken: 'forged', linkItem: null, username: 'test_1', password: 'passgood' })).rejects.toBeInstanceOf(PayrollLinkError);
    const two = await p.login({ userToken: a.userToken, linkItem: null, username: 'test_2', password: 'passgood' });
    await expect(
      p.confirmPayDistribution({
        userToken: a.userToken,
        accountId: two.accountId,
        accept: true,
        payDistributionConfig: await p.payDistributionConfig({ amountCents: 8_500 }),
      }),
    ).rejects.toMatchObject({ code: 'pay_distribution_unsupported' });
    expect(await p.getAccount({ accountId: two.accountId, payrollUserId: b.payrollUserId })).toBeNull();
  });
});

/** A fake Argyle API: records calls, answers by method and path. */
function fakeArgyle(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, auth: new Headers(init.headers).get('authorization'), body: init.body ? JSON.parse(String(init.body)) : null });
    const u = new URL(url);
    const a = answers[`${method} ${u.pathname}`];
    if (!a) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const argyleCfg = {
  apiKeyId: 'key',
  apiKeySecret: 'secret',
  baseUrl: 'https://api-sandbox.argyle.com',
  depositAccount: { routingNumber: '034821624', accountNumber: '000123456789', accountType: 'checking' as const },
};

describe('argylePayrollLink', () => {
  it('creates a user once, then new user tokens for it, with basic auth', async () => {
    const { calls, fetchImpl } = fakeArgyle({
      'POST /v2/users': { body: { id: 'usr_1', user_token: 'tok_1' } },
      'POST /v2/user-tokens': { body: { user_token: 'tok_2' } },
    });
    const p = argylePayrollLink(argyleCfg, fetchImpl);
    expect(await p.userToken({ userId: 5, payrollUserId: null })).toEqual({ payrollUserId: 'usr_1', userToken: 'tok_1' });
    expect(await p.userToken({ userId: 5, payrollUserId: 'usr_1' })).toEqual({ payrollUserId: 'usr_1', userToken: 'tok_2' });
    expect(calls[0]!.auth).toBe(`Basic ${Buffer.from('key:secret').toString('base64')}`);
    expect(calls[1]!.body).toEqual({ user: 'usr_1' });
  });

  it('reads the account (only the user’s own), the encrypted pay-distribution config and our allocation', async () => {
    const { calls, fetchImpl } = fakeArgyle({
      'GET /v2/accounts/acc_1': {
        body: { id: 'acc_1', user: 'usr_1', employers: ['Pinecrest'], connection: { status: 'connected' }, pay_distribution: { status: 'success' } },
      },
      'POST /v2/pay-distribution-configs/encrypt': { body: { encrypted_config: 'enc' } },
      'GET /v2/pay-allocations': {
        body: {
          results: [
            {
              account: 'acc_1',
              status: 'active',
              allocation_type: 'amount',
              allocation_value: '85.00',
              bank_account: { routing_number: '034821624', account_number: '****6789' },
            },
          ],
        },
      },
    });
    const p = argylePayrollLink(argyleCfg, fetchImpl);
    expect(await p.getAccount({ accountId: 'acc_1', payrollUserId: 'usr_1' })).toEqual({
      accountId: 'acc_1',
      employer: 'Pinecrest',
      status: 'connected',
      payDistributionSupported: true,
    });
    expect(await p.getAccount({ accountId: 'acc_1', payrollUserId: 'usr_2' })).toBeNull();
    expect(await p.getAccount({ accountId: 'missing', payrollUserId: 'usr_1' })).toBeNull();
    expect(await p.payDistributionConfig({ amountCents: 8_500 })).toBe('enc');
    expect(calls.find((c) => c.url.endsWith('/encrypt'))!.body).toMatchObject({
      amount_allocation: { value: '85.00' },
      bank_account: { routing_number: '034821624' },
    });
    expect(await p.getAllocation({ accountId: 'acc_1', payrollUserId: 'usr_1' })).toEqual({ status: 'set', amountCents: 8_500 });
  });

  it('turns a provider error into a PayrollLinkError', async () => {
    const { fetchImpl } = fakeArgyle({ 'POST /v2/users': { status: 401, body: { detail: 'Invalid credentials.' } } });
    await expect(argylePayrollLink(argyleCfg, fetchImpl).userToken({ userId: 1, payrollUserId: null })).rejects.toMatchObject({
      code: 'provider_error',
      message: 'Invalid credentials.',
    });
  });
});

describe('sandboxCreditBureau', () => {
  it('answers by the test SSN endings', async () => {
    const b = sandboxCreditBureau();
    const pull = (ssn: string) =>
      b.softPull({ ssn, firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' });
    expect(await pull('123-45-0001')).toMatchObject({ status: 'hit', score: 520 });
    expect(await pull('123-45-0002')).toMatchObject({ status: 'hit', score: 615 });
    expect(await pull('123-45-0003')).toMatchObject({ status: 'thin_file' });
    expect(await pull('123-45-6789')).toMatchObject({ status: 'hit', score: 720, reasonCodes: [] });
  });
});
