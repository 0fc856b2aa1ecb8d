import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@payrail/contract/employer-portal';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { CryptoBox } from '../../../lib/crypto-box';

/** The AAD binding a sealed TOTP secret to its column (opened anywhere else, it fails). */
export const TOTP_SECRET_AAD = 'employer_users.totp_secret';

/** Codes are accepted one step either side of the server's clock (clock drift), never more. */
export const TOTP_WINDOW = 1;

/** A new 160-bit TOTP secret, base32 (RFC 6238's SHA-1, 6 digits, 30 seconds: what authenticator apps expect). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/**
 * The 30-second step a code belongs to if it is valid within ±{@link TOTP_WINDOW} steps of `now`, else null.
 * The caller takes the step (`takeTotpStep`) so the same code is never accepted twice.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totp(secretBase32, 'check').validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The enrolment an authenticator app reads: the otpauth:// URI and the same as a QR code (an SVG document). */
export async function totpEnrolment(secretBase32: string, email: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totp(secretBase32, email).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg };
}

export const sealTotpSecret = (box: CryptoBox, secretBase32: string) => box.seal(secretBase32, TOTP_SECRET_AAD);
export const openTotpSecret = (box: CryptoBox, sealed: string) => box.open(sealed, TOTP_SECRET_AAD);
