/** Card form rules (classic spec §5 "Debit card"). */

/** The card number as the tokenizer wants it: spaces removed. */
export const cardDigits = (number: string) => number.replace(/\s+/g, '');

/** Only the last four digits in clear: `**** **** **** 4242`. */
export function maskCardNumber(number: string): string {
  const digits = cardDigits(number);
  return `**** **** **** ${digits.slice(-4)}`;
}

/** Expiry is 7 characters MM/YYYY: month and year, or null when it is not complete. */
export function parseExpiry(expiry: string): { month: string; year: string } | null {
  const match = /^(\d{2})\/(\d{4})$/.exec(expiry);
  return match ? { month: match[1]!, year: match[2]! } : null;
}

export interface CardFields {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFields = { name: '', number: '', expiry: '', cvc: '' };

export const isCardEmpty = (card: CardFields) => !card.name.trim() && !card.number.trim() && !card.expiry.trim() && !card.cvc.trim();

/** Filled: owner name, a number of 12+ digits, a full MM/YYYY expiry and a 3–4 digit code. */
export const isCardFilled = (card: CardFields) =>
  card.name.trim().length > 0 && cardDigits(card.number).length >= 12 && parseExpiry(card.expiry) !== null && /^\d{3,4}$/.test(card.cvc);
