import { isApiError } from '@payrail/client/http-client';
import { sandboxTokenize } from '../api/repayment';
import type { CardInput } from '../api/repayment';

/** What the form gets back from any tokenizer: a token, or the processor's first error message. */
export type TokenizeResult = { ok: true; token: string } | { ok: false; message: string };

export interface CardTokenizer {
  tokenize(card: CardInput): Promise<TokenizeResult>;
}

const GENERIC_ERROR = 'We could not read your card. Please check the card details and try again.';

/** The sandbox tokenizer: the server plays the processor's test mode; 402 `{ errors: [{ message }] }`. */
export const sandboxTokenizer: CardTokenizer = {
  async tokenize(card) {
    try {
      const answer = await sandboxTokenize(card);
      return { ok: true, token: answer.id };
    } catch (error) {
      if (isApiError(error)) {
        const data = error.data as { errors?: { message?: unknown }[] } | undefined;
        const first = Array.isArray(data?.errors) ? data.errors[0]?.message : undefined;
        return { ok: false, message: typeof first === 'string' ? first : (error.serverMessage ?? GENERIC_ERROR) };
      }
      return { ok: false, message: GENERIC_ERROR };
    }
  },
};

/** The subset of Stripe.js (v2 card tokenizer) the form calls. */
interface StripeV2 {
  setPublishableKey(key: string): void;
  card: {
    createToken(
      data: { name: string; number: string; exp_month: string; exp_year: string; cvc: string },
      callback: (status: number, response: { id?: string; error?: { message?: string } }) => void,
    ): void;
  };
}

const STRIPE_SRC = 'https://js.stripe.com/v2/';
let stripeLoading: Promise<StripeV2> | null = null;

/** Loads Stripe.js once, only after the config answered `stripe`. */
function loadStripe(): Promise<StripeV2> {
  const existing = (window as unknown as { Stripe?: StripeV2 }).Stripe;
  if (existing) return Promise.resolve(existing);
  stripeLoading ??= new Promise<StripeV2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_SRC;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Stripe?: StripeV2 }).Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      stripeLoading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return stripeLoading;
}

/** Stripe.js in the browser with the publishable key; the callback answers a token or errors. */
export function stripeTokenizer(publishableKey: string): CardTokenizer {
  // Start loading as soon as the config answered stripe; a failure is reported on Continue.
  loadStripe().catch(() => undefined);
  return {
    async tokenize(card) {
      let stripe: StripeV2;
      try {
        stripe = await loadStripe();
      } catch {
        return { ok: false, message: GENERIC_ERROR };
      }
      stripe.setPublishableKey(publishableKey);
      return new Promise<TokenizeResult>((resolve) => {
        stripe.card.createToken(
          { name: card.name, number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
          (_status, response) => {
            if (response.id && !response.error) resolve({ ok: true, token: response.id });
            else resolve({ ok: false, message: response.error?.message ?? GENERIC_ERROR });
          },
        );
      });
    },
  };
}

/** The tokenizer the config answered. */
export function tokenizerFor(config: { provider: 'sandbox' | 'stripe'; publishable_key: string | null }): CardTokenizer {
  return config.provider === 'stripe' && config.publishable_key ? stripeTokenizer(config.publishable_key) : sandboxTokenizer;
}
