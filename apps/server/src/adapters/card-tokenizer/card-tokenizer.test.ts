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
  const tokenizer = sandboxCardTokenizer(
    sandboxTokens(async () => 'secret', 'sandbox-card-tokenizer'),
    () => new Date('2026-03-10T00:00:00Z'),
  );
  const card = { number: '4242424242424242', expMonth: '12', expYear: '2030', cvc: '123' };

  it('round-trips a token to its last four digits, and never carries the number', async () => {
    const r = await tokenizer.sandbox!.tokenize(card);
    if (!r.ok) throw new Error('expected a token');
    expect(r.token).not.toContain('4242424242424242');
    expect(Buffer.from(r.token.split('-')[1]!.split('.')[0]!, 'base64url').toString()).not.toContain('424242424242');
    expect(await tokenizer.retrieve(r.token)).toEqual({ last4: '4242', brand: 'Visa', expMonth: 12, expYear: 2030, funding: 'debit' });
  });

  it('declines a valid card that is not a test card', async () => {
    expect(await tokenizer.sandbox!.tokenize({ ...card, number: '4111111111111111' })).toEqual({
      ok: false,
      errors: [{ code: 'card_declined', message: expect.stringContaining('non test card') }],
    });
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
    expect(await tokenizer.charge({ token: r.token, amountCents: 2500, idempotencyKey: 'k', description: 'x' })).toEqual({
      ok: false,
      error: { code: 'card_declined', message },
    });
  });

  it('declines a charge on a token it did not sign', async () => {
    expect(await tokenizer.charge({ token: 'tok_sandbox-eyJsNCI6IjQyNDIifQ.forged', amountCents: 2500, idempotencyKey: 'k', description: 'x' })).toMatchObject({
      ok: false,
    });
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
      return new Response(JSON.stringify({ id: 'tok_1', card: { last4: '5556', brand: 'Visa', exp_month: 4, exp_year: 2031, funding: 'debit' } }), {
        status: 200,
      });
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
    expect(Object.fromEntries(new URLSearchParams(String(seen[0]!.init.body)))).toEqual({
      amount: '2500',
      currency: 'usd',
      source: 'tok_1',
      description: 'Payment toward loan L-1',
    });
  });

  it("answers a 402 as a decline with Stripe's message, and throws on anything else", async () => {
    expect(await stub(402, { error: { code: 'card_declined', message: 'Your card has insufficient funds.' } }).stripe.charge(charge)).toEqual({
      ok: false,
      error: { code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    await expect(stub(500, {}).stripe.charge(charge)).rejects.toThrow('500');
    await expect(stub(200, { id: 'ch_2', status: 'pending' }).stripe.charge(charge)).rejects.toThrow('pending');
  });
});

describe('card payouts (refunds of a card payment back to the card)', () => {
  const tokenizer = sandboxCardTokenizer(
    sandboxTokens(async () => 'secret', 'sandbox-card-tokenizer'),
    () => new Date('2026-03-10T00:00:00Z'),
  );
  const tokenOf = async (number: string) => {
    const r = await tokenizer.sandbox!.tokenize({ number, expMonth: '12', expYear: '2030', cvc: '123' });
    if (!r.ok) throw new Error('expected a token');
    return r.token;
  };

  it('sandbox: pays back against a sandbox charge, one payout id per idempotency key', async () => {
    const token = await tokenOf('4242424242424242');
    const charged = await tokenizer.charge({ token, amountCents: 2500, idempotencyKey: 'c-1', description: 'x' });
    if (!charged.ok) throw new Error('expected a charge');
    const payout = { token, chargeId: charged.chargeId, amountCents: 1000, idempotencyKey: 'r-1', description: 'refund' };
    const first = await tokenizer.payout(payout);
    expect(first).toEqual({ ok: true, payoutId: expect.stringMatching(/^re_sandbox_[0-9a-f]{24}$/) });
    expect(await tokenizer.payout(payout)).toEqual(first);
    expect(await tokenizer.payout({ ...payout, idempotencyKey: 'r-2' })).not.toEqual(first);
    expect(await tokenizer.payout({ ...payout, chargeId: 'ch_unknown' })).toEqual({
      ok: false,
      error: { code: 'charge_not_found', message: 'The card payment to refund was not found.' },
    });
    expect(await tokenizer.payout({ ...payout, token: 'tok_sandbox-eyJsNCI6IjQyNDIifQ.forged' })).toMatchObject({ ok: false });
  });

  it('sandbox: the "refund fails" test card takes charges but refuses payouts', async () => {
    const token = await tokenOf('4000000000005126');
    const charged = await tokenizer.charge({ token, amountCents: 2500, idempotencyKey: 'c-9', description: 'x' });
    if (!charged.ok) throw new Error('expected a charge');
    expect(await tokenizer.payout({ token, chargeId: charged.chargeId, amountCents: 100, idempotencyKey: 'r-9', description: 'x' })).toEqual({
      ok: false,
      error: { code: 'refund_failed', message: 'The refund to your card failed. Please contact us.' },
    });
  });

  it('Stripe: posts a refund of the charge with the idempotency key forwarded; 402 or a failed refund is a refusal', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const stub = (status: number, body: unknown) =>
      stripeCardTokenizer({ publishableKey: 'pk_test_1', secretKey: 'sk_test_1' }, (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response(JSON.stringify(body), { status });
      }) as unknown as typeof fetch);
    const payout = {
      token: 'tok_1',
      chargeId: 'ch_1',
      amountCents: 1000,
      idempotencyKey: 'payrail-refund:k',
      description: 'Refund of the credit balance of loan L-1',
    };
    expect(await stub(200, { id: 're_1', status: 'succeeded' }).payout(payout)).toEqual({ ok: true, payoutId: 're_1' });
    expect(seen[0]!.url).toBe('https://api.stripe.com/v1/refunds');
    expect(new Headers(seen[0]!.init.headers).get('idempotency-key')).toBe('payrail-refund:k');
    expect(Object.fromEntries(new URLSearchParams(String(seen[0]!.init.body)))).toEqual({
      charge: 'ch_1',
      amount: '1000',
      'metadata[description]': 'Refund of the credit balance of loan L-1',
    });
    expect(await stub(402, { error: { code: 'charge_disputed', message: 'This charge is disputed.' } }).payout(payout)).toEqual({
      ok: false,
      error: { code: 'charge_disputed', message: 'This charge is disputed.' },
    });
    expect(await stub(200, { id: 're_2', status: 'failed' }).payout(payout)).toMatchObject({ ok: false, error: { code: 'refund_failed' } });
    await expect(stub(500, {}).payout(payout)).rejects.toThrow('500');
  });
});
