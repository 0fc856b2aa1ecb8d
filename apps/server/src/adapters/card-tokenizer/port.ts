/**
 * The card processor's tokenizer: the browser sends the card details straight to the processor's
 * script (with a public key) and gets a token back, so a card number never reaches our server. The
 * server only ever sees the token, and asks the processor what card it stands for.
 */

/** What the processor says a token stands for: never the number, only its last four digits. */
export type TokenizedCard = {
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
  funding: 'debit' | 'credit' | 'prepaid' | 'unknown';
};

/** The browser-side tokenizer's input, as the sandbox tokenizer receives it. */
export type CardDetails = { name?: string | undefined; number: string; expMonth: string; expYear: string; cvc?: string | undefined };

/** A tokenizer refusal as the processor's script reports it: `{ errors: [{ code, message }] }`. */
export type CardError = { code: string; message: string };

/** A charge (pull from the card) as the processor answers it: its id, or the decline. */
export type CardChargeResult = { ok: true; chargeId: string } | { ok: false; error: CardError };

/** What to pull from a card: cents, and the key that makes a retried charge ONE charge at the processor. */
export type CardCharge = { token: string; amountCents: number; idempotencyKey: string; description: string };

/**
 * Money back to a card: a refund of (part of) an earlier charge on it, to the card it came from (the
 * processor pushes it to the card's issuer). `chargeId` names the charge; `idempotencyKey` makes a retried
 * payout ONE payout at the processor.
 */
export type CardPayout = { token: string; chargeId: string; amountCents: number; idempotencyKey: string; description: string };
export type CardPayoutResult = { ok: true; payoutId: string } | { ok: false; error: CardError };

export interface CardTokenizer {
  readonly provider: 'sandbox' | 'stripe';
  /** The key the SPA loads the tokenizer script with (null for the sandbox). */
  readonly publishableKey: string | null;
  /** The card behind a token, or null when the processor does not know the token. */
  retrieve(token: string): Promise<TokenizedCard | null>;
  /**
   * Pulls `amountCents` from the card behind `token`. Idempotent on `idempotencyKey` (the processor
   * answers a retried key with the first charge). A decline answers `{ ok: false }`; any other failure
   * throws (never a fake success).
   */
  charge(charge: CardCharge): Promise<CardChargeResult>;
  /**
   * Pays `amountCents` back to the card behind `token`, against its charge `chargeId`. Idempotent on
   * `idempotencyKey`. A refusal answers `{ ok: false }`; any other failure throws.
   */
  payout(payout: CardPayout): Promise<CardPayoutResult>;
  /** Test mode only: the tokenizer the SPA's sandbox card form posts to. */
  readonly sandbox: { tokenize(card: CardDetails): Promise<{ ok: true; token: string; card: TokenizedCard } | { ok: false; errors: CardError[] }> } | null;
}
