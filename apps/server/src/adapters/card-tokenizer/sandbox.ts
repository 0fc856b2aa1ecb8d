import { createHash, randomBytes } from 'node:crypto';
import type { SandboxTokens } from '../../lib/sandbox-tokens';
import type { CardError, CardTokenizer, TokenizedCard } from './port';

/** The processor's test-mode messages (the SPA shows the first one under the card form). */
export const CARD_ERRORS = {
  incorrectNumber: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
  invalidExpiryMonth: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
  invalidExpiryYear: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  incompleteCvc: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', message: 'Your card has insufficient funds.' },
  notATestCard: { code: 'card_declined', message: 'Your card was declined. Your request was in test mode, but used a non test card.' },
  refundFailed: { code: 'refund_failed', message: 'The refund to your card failed. Please contact us.' },
  chargeNotFound: { code: 'charge_not_found', message: 'The card payment to refund was not found.' },
} as const satisfies Record<string, CardError>;

/** Test numbers that tokenize, and the one that is declined (the processor's well-known test cards). */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, { brand: string; funding: TokenizedCard['funding'] } | 'declined'>> = {
  '4242424242424242': { brand: 'Visa', funding: 'debit' },
  '4000056655665556': { brand: 'Visa', funding: 'debit' },
  '5555555555554444': { brand: 'Mastercard', funding: 'debit' },
  '5200828282828210': { brand: 'Mastercard', funding: 'debit' },
  '4000000000000002': 'declined',
  // These tokenize (they can be saved) but every charge on them is declined, as in the processor's test mode.
  '4000000000000341': { brand: 'Visa', funding: 'debit' },
  '4000000000009995': { brand: 'Visa', funding: 'debit' },
  // Charges succeed, but a refund (payout) to it fails, as the processor's "refund fails" test card does.
  '4000000000005126': { brand: 'Visa', funding: 'debit' },
};

/** Test cards whose refunds (payouts) fail. */
const REFUND_FAILS: ReadonlySet<string> = new Set(['4000000000005126']);

/** Test cards that tokenize but whose charges are declined, and how. */
type ChargeDecline = 'declined' | 'insufficientFunds';
const DECLINE_OF: Readonly<Record<string, ChargeDecline>> = { '4000000000000341': 'declined', '4000000000009995': 'insufficientFunds' };

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

type CardClaims = { l4: string; b: string; m: number; y: number; f: TokenizedCard['funding']; n: string; d?: ChargeDecline; rf?: 1 };

/**
 * The card tokenizer's test mode, offline. Checks in the processor's order: number (format and Luhn),
 * expiry, security code, then the test-card table; unknown valid numbers are declined, so a real card
 * typed into the sandbox is never accepted. Tokens are `tok_sandbox-…`, signed, and carry only the
 * last four digits, brand, expiry and funding.
 */
export function sandboxCardTokenizer(tokens: SandboxTokens, now: () => Date): CardTokenizer {
  return {
    provider: 'sandbox',
    publishableKey: null,

    async retrieve(token) {
      const c = await tokens.verify<CardClaims>('tok_sandbox', token, now());
      return c ? { last4: c.l4, brand: c.b, expMonth: c.m, expYear: c.y, funding: c.f } : null;
    },

    // Settles at once: a charge on a token we signed succeeds unless its test card declines charges. The
    // charge id is derived from the idempotency key, so a retried key answers the same charge.
    async charge(c) {
      const claims = await tokens.verify<CardClaims>('tok_sandbox', c.token, now());
      if (!claims) return { ok: false, error: CARD_ERRORS.declined };
      if (claims.d) return { ok: false, error: CARD_ERRORS[claims.d] };
      if (!Number.isSafeInteger(c.amountCents) || c.amountCents <= 0) throw new Error('a card charge needs a positive amount in cents');
      return { ok: true, chargeId: `ch_sandbox_${createHash('sha256').update(c.idempotencyKey).digest('hex').slice(0, 24)}` };
    },

    // A refund of a sandbox charge back to its card: settles at once unless the card's refunds fail; the
    // payout id is derived from the idempotency key, so a retried key answers the same payout.
    async payout(p) {
      const claims = await tokens.verify<CardClaims>('tok_sandbox', p.token, now());
      if (!claims) return { ok: false, error: CARD_ERRORS.declined };
      if (!/^ch_sandbox_[0-9a-f]{24}$/.test(p.chargeId)) return { ok: false, error: CARD_ERRORS.chargeNotFound };
      if (claims.rf) return { ok: false, error: CARD_ERRORS.refundFailed };
      if (!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0) throw new Error('a card payout needs a positive amount in cents');
      return { ok: true, payoutId: `re_sandbox_${createHash('sha256').update(p.idempotencyKey).digest('hex').slice(0, 24)}` };
    },

    sandbox: {
      async tokenize(card) {
        const number = card.number.replace(/[\s-]/g, '');
        if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return { ok: false, errors: [CARD_ERRORS.incorrectNumber] };
        const month = /^\d{1,2}$/.test(card.expMonth.trim()) ? Number(card.expMonth) : NaN;
        if (!(month >= 1 && month <= 12)) return { ok: false, errors: [CARD_ERRORS.invalidExpiryMonth] };
        const yearText = card.expYear.trim();
        const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
        if (Number.isNaN(year)) return { ok: false, errors: [CARD_ERRORS.invalidExpiryYear] };
        const today = now();
        if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return { ok: false, errors: [CARD_ERRORS.expired] };
        if (!/^\d{3,4}$/.test((card.cvc ?? '').trim())) return { ok: false, errors: [CARD_ERRORS.incompleteCvc] };
        const test = SANDBOX_TEST_CARDS[number];
        if (test === 'declined') return { ok: false, errors: [CARD_ERRORS.declined] };
        if (!test) return { ok: false, errors: [CARD_ERRORS.notATestCard] };
        const tokenized: TokenizedCard = { last4: number.slice(-4), brand: test.brand, expMonth: month, expYear: year, funding: test.funding };
        const token = await tokens.sign('tok_sandbox', {
          l4: tokenized.last4,
          b: tokenized.brand,
          m: month,
          y: year,
          f: tokenized.funding,
          n: randomBytes(6).toString('hex'),
          ...(DECLINE_OF[number] ? { d: DECLINE_OF[number] } : {}),
          ...(REFUND_FAILS.has(number) ? { rf: 1 as const } : {}),
        } satisfies CardClaims);
        return { ok: true, token, card: tokenized };
      },
    },
  };
}
