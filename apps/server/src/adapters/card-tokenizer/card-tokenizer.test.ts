import { describe, expect, it } from 'vitest';
import { sandboxTokens } from '../../lib/sandbox-tokens';
import { passesLuhn, sandboxCardTokenizer } from './sandbox';
import { stripeCardTokenizer } from './stripe';

describe('passesLuhn', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['5555555555554444', true],
    ['4242424242424241', false],
    ['', false],
    ['4242 4242', false],
  ])('%s → %s', (n, ok) => expect(passesLuhn(n)).toBe(ok));
});

describe('sandboxCardTokenizer', () => {
  const tokenizer = sandboxCardTokenizer(sandboxTokens(async () => 'secret', 'sandbox-card-tokenizer'), () => new Date('2026-03-10T00:00:00Z'));
  const card = { number: '4242424242424242', expMonth: '12', expYear: '2030', cvc: '123' };

  it('round-trips a token to its last four digits, and never carries the number', async () => {
    const r = await tokenizer.sandbox!.tokenize(card);
    if (!r.ok) throw new Error('expected a token');
    expect(r.token).not.toContain('4242424242424242');
    expect(Buffer.from(r.token.split('-')[1]!.split('.')[0]!, 'base64url').toString()).not.toContain('424242424242');
    expect(await tokenizer.retrieve(r.token)).toEqual({ last4: '4242', brand: 'Visa', expMonth: 12, expYear: 2030, funding: 'debit' });
  });

  it('declines a valid card that is not a test card', async () => {
    expect(await tokenizer.sandbox!.tokenize({ ...card, number: '4111111111111111' })).toEqual({ ok: false, errors: [{ code: 'card_declined', message: expect.stringContaining('non test card') }] });
  });

  it('charges a saved test card at once, one charge id per idempotency key', async () => {
    const r = await tokenizer.sandbox!.tokenize(card);
    if (!r.ok) throw new Error('expected a token');
    const first = await tokenizer.charge({ token: r.token, amountCents: 2500, idempotencyKey: 'k-1', description: 'x' });
    expect(first).toEqual({ ok: true, chargeId: expect.stringMatching(/^ch_sandbox_[0-9a-f]{24}$/) });
    expect(await tokenizer.charge({ token: r.token, amountCents: 2500, idempotencyKey: 'k-1', description: 'x' })).toEqual(first);
    expect(await tokenizer.charge({ token: r.token, amountCents: 2500, idempotencyKey: 'k-2', description: 'x' })).not.toEqual(first);
  });

  it.each([
    ['4000000000000341', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('tokenizes %s but declines its charges', async (number, message) => {
    const r = await tokenizer.sandbox!.tokenize({ ...card, number });
    if (!r.ok) throw new Error('expected a token');
    expect(await tokenizer.charge({ token: r.token, amountCents: 2500, idempotencyKey: 'k', description: 'x' })).toEqual({ ok: false, error: { code: 'card_declined', message } });
  });

  it('declines a charge on a token it did not sign', async () => {
    expect(await tokenizer.charge({ token: 'tok_sandbox-eyJsNCI6IjQyNDIifQ.forged', amountCents: 2500, idempotencyKey: 'k', description: 'x' })).toMatchObject({ ok: false });
  });

  it('forgets tokens it did not sign', async () => {
    expect(await tokenizer.retrieve('tok_sandbox-eyJsNCI6IjQyNDIifQ.forged')).toBeNull();
  });
});

describe('stripeCardTokenizer', () => {
  it('reads the token back with the secret key', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, auth: new Headers(init.headers).get('authorization') });
      if (url.endsWith('/tok_unknown')) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify({ id: 'tok_1', card: { last4: '5556', brand: 'Visa', exp_month: 4, exp_year: 2031, funding: 'debit' } }), { status: 200 });
    }) as unknown as typeof fetch;
    const stripe = stripeCardTokenizer({ publishableKey: 'pk_test_1', secretKey: 'sk_test_1' }, fetchImpl);
    expect(stripe.publishableKey).toBe('pk_test_1');
    expect(await stripe.retrieve('tok_1')).toEqual({ last4: '5556', brand: 'Visa', expMonth: 4, expYear: 2031, funding: 'debit' });
    expect(seen[0]).toEqual({ url: 'https://api.stripe.com/v1/tokens/tok_1', auth: 'Bearer sk_test_1' });
    expect(await stripe.retrieve('tok_unknown')).toBeNull();
    expect(await stripe.retrieve('not a token')).toBeNull();
    expect(seen).toHaveLength(2);
  });
});

describe('stripeCardTokenizer.charge', () => {
  const stub = (status: number, body: unknown) => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch;
    return { seen, stripe: stripeCardTokenizer({ publishableKey: 'pk_test_1', secretKey: 'sk_test_1' }, fetchImpl) };
  };
  const charge = { token: 'tok_1', amountCents: 2500, idempotencyKey: 'payrail-pull:1:abc', description: 'Payment toward loan L-1' };

  it('posts the charge with the idempotency key forwarded', async () => {
    const { seen, stripe } = stub(200, { id: 'ch_1', status: 'succeeded' });
    expect(await stripe.charge(charge)).toEqual({ ok: true, chargeId: 'ch_1' });
    expect(seen[0]!.url).toBe('https://api.stripe.com/v1/charges');
    const headers = new Headers(seen[0]!.init.headers);
    expect(headers.get('authorization')).toBe('Bearer sk_test_1');
    expect(headers.get('idempotency-key')).toBe('payrail-pull:1:abc');
    expect(Object.fromEntries(new URLSearchParams(String(seen[0]!.init.body)))).toEqual({ amount: '2500', currency: 'usd', source: 'tok_1', description: 'Payment toward loan L-1' });
  });

  it('answers a 402 as a decline with Stripe\'s message, and throws on anything else', async () => {
    expect(await stub(402, { error: { code: 'card_declined', message: 'Your card has insufficient funds.' } }).stripe.charge(charge)).toEqual({
      ok: false,
      error: { code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    await expect(stub(500, {}).stripe.charge(charge)).rejects.toThrow('500');
    await expect(stub(200, { id: 'ch_2', status: 'pending' }).stripe.charge(charge)).rejects.toThrow('pending');
  });
});
