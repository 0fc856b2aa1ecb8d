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
    // POST /v1/charges with the token as source, the Idempotency-Key forwarded: Stripe answers a
    // retried key with the first charge. A 402 is a decline (its message is shown to the borrower).
    async charge(c) {
      const res = await fetchImpl('https://api.stripe.com/v1/charges', {
        method: 'POST',
        headers: { authorization: `Bearer ${cfg.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': c.idempotencyKey },
        body: new URLSearchParams({ amount: String(c.amountCents), currency: 'usd', source: c.token, description: c.description }).toString(),
        signal: AbortSignal.timeout(20_000),
      });
      if (res.status === 402) {
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
        return { ok: false, error: { code: body.error?.code ?? 'card_declined', message: body.error?.message ?? 'Your card was declined.' } };
      }
      if (!res.ok) throw new Error(`Stripe answered ${res.status} charging a card`);
      const charge = (await res.json()) as { id: string; status?: string };
      if (charge.status !== 'succeeded') throw new Error(`Stripe charge ${charge.id} is ${charge.status ?? 'in an unknown state'}`);
      return { ok: true, chargeId: charge.id };
    },
    // POST /v1/refunds against the card's charge (money back to the card it came from; no Connect
    // account needed), the Idempotency-Key forwarded. A card error (402) or a failed refund is a refusal.
    async payout(p) {
      const res = await fetchImpl('https://api.stripe.com/v1/refunds', {
        method: 'POST',
        headers: { authorization: `Bearer ${cfg.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': p.idempotencyKey },
        body: new URLSearchParams({ charge: p.chargeId, amount: String(p.amountCents), 'metadata[description]': p.description }).toString(),
        signal: AbortSignal.timeout(20_000),
      });
      if (res.status === 402) {
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
        return {
          ok: false,
          error: { code: body.error?.code ?? 'refund_failed', message: body.error?.message ?? 'The refund to your card failed. Please contact us.' },
        };
      }
      if (!res.ok) throw new Error(`Stripe answered ${res.status} refunding a card charge`);
      const refund = (await res.json()) as { id: string; status?: string };
      if (refund.status === 'failed' || refund.status === 'canceled')
        return { ok: false, error: { code: 'refund_failed', message: 'The refund to your card failed. Please contact us.' } };
      return { ok: true, payoutId: refund.id };
    },
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
