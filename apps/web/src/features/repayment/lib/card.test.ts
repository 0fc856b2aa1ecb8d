import { afterEach, describe, expect, it } from 'vitest';
import { cardDigits, isCardEmpty, isCardFilled, maskCardNumber, parseExpiry } from './card';
import { sandboxTokenizer, stripeTokenizer, tokenizerFor } from './card-tokenizer';

describe('card rules (classic §5)', () => {
  it('removes spaces and shows only the last four digits', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(maskCardNumber('4242 4242 4242 4242')).toBe('**** **** **** 4242');
  });

  it('reads a 7-character MM/YYYY expiry', () => {
    expect(parseExpiry('12/2030')).toEqual({ month: '12', year: '2030' });
    expect(parseExpiry('12/30')).toBeNull();
  });

  it('knows a filled card and an empty one', () => {
    const card = { name: 'Ana', number: '4242 4242 4242 4242', expiry: '12/2030', cvc: '123' };
    expect(isCardFilled(card)).toBe(true);
    expect(isCardFilled({ ...card, cvc: '1' })).toBe(false);
    expect(isCardEmpty({ name: ' ', number: '', expiry: '', cvc: '' })).toBe(true);
  });
});

describe('tokenizer choice', () => {
  afterEach(() => {
    delete (window as unknown as { Stripe?: unknown }).Stripe;
  });

  it('uses the sandbox unless the config answers stripe with a key', () => {
    expect(tokenizerFor({ provider: 'sandbox', publishable_key: null })).toBe(sandboxTokenizer);
    expect(tokenizerFor({ provider: 'stripe', publishable_key: null })).toBe(sandboxTokenizer);
  });

  it('calls Stripe.js with the public key and answers its token or its first error', async () => {
    const seen: unknown[] = [];
    let answer: { id?: string; error?: { message?: string } } = { id: 'tok_1' };
    (window as unknown as { Stripe: unknown }).Stripe = {
      setPublishableKey: (key: string) => seen.push(key),
      card: {
        createToken: (data: unknown, callback: (status: number, response: typeof answer) => void) => {
          seen.push(data);
          callback(200, answer);
        },
      },
    };
    const tokenizer = stripeTokenizer('pk_test_1');
    const card = { name: 'Ana', number: '4242424242424242', expMonth: '12', expYear: '2030', cvc: '123' };
    expect(await tokenizer.tokenize(card)).toEqual({ ok: true, token: 'tok_1' });
    expect(seen).toEqual(['pk_test_1', { name: 'Ana', number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' }]);
    answer = { error: { message: 'Your card number is incorrect.' } };
    expect(await tokenizer.tokenize(card)).toEqual({ ok: false, message: 'Your card number is incorrect.' });
  });
});
