import type { CardTokenizer, TokenizedCard } from './port';

export type StripeConfig = { publishableKey: string; secretKey: string };

type StripeToken = { id: string; type?: string; card?: { last4: string; brand: string; exp_month: number; exp_year: number; funding?: string } };

const FUNDING = new Set(['debit', 'credit', 'prepaid']);

/**
 * Stripe as the card processor: Stripe.js tokenizes in the browser with the publishable key; the server
 * reads the token back (`GET /v1/tokens/{id}` with the secret key) to learn the card's last four digits.
 * An unknown token answers null; any other failure throws (the caller answers 5xx, never a fake success).
 */
export function stripeCardTokenizer(cfg: StripeConfig, fetchImpl: typeof fetch = fetch): CardTokenizer {
  return {
    provider: 'stripe',
    publishableKey: cfg.publishableKey,
    sandbox: null,
    async retrieve(token) {
      if (!/^tok_[A-Za-z0-9]{1,200}$/.test(token)) return null;
      const res = await fetchImpl(`https://api.stripe.com/v1/tokens/${encodeURIComponent(token)}`, {
        headers: { authorization: `Bearer ${cfg.secretKey}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`Stripe answered ${res.status} reading a card token`);
      const t = (await res.json()) as StripeToken;
      if (!t.card) return null;
      const funding = (t.card.funding && FUNDING.has(t.card.funding) ? t.card.funding : 'unknown') as TokenizedCard['funding'];
      return { last4: t.card.last4, brand: t.card.brand, expMonth: t.card.exp_month, expYear: t.card.exp_year, funding };
    },
  };
}
