import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 256-bit random token, URL-safe: sessions, password-reset links and pre-signed links. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a 256-bit token (a plain hash is enough at that strength). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Reads `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim() || undefined;
}

// Upper-case letters and digits without the look-alikes 0/O and 1/I, so a typed code is read right.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The 6-character upper-case e-mail confirmation token. */
export function newEmailToken(): string {
  return randomCode(6, CODE_ALPHABET);
}

/** The 6-digit phone verification code. */
export function newPhoneCode(): string {
  return randomCode(6, '0123456789');
}

/** A borrower's own referral code (8 characters). */
export function newReferCode(): string {
  return randomCode(8, CODE_ALPHABET);
}

/**
 * Short codes (e-mail tokens, phone codes) have too little entropy for a plain hash: a leaked table
 * would give them back in a second. They are stored as an HMAC under a per-install secret.
 */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
