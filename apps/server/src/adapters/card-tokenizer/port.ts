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

export interface CardTokenizer {
  readonly provider: 'sandbox' | 'stripe';
  /** The key the SPA loads the tokenizer script with (null for the sandbox). */
  readonly publishableKey: string | null;
  /** The card behind a token, or null when the processor does not know the token. */
  retrieve(token: string): Promise<TokenizedCard | null>;
  /** Test mode only: the tokenizer the SPA's sandbox card form posts to. */
  readonly sandbox: { tokenize(card: CardDetails): Promise<{ ok: true; token: string; card: TokenizedCard } | { ok: false; errors: CardError[] }> } | null;
}
