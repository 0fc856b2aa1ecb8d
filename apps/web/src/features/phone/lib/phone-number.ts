import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import type { CountryCode } from 'libphonenumber-js/mobile';

/** Countries accepted outside production (spec §5, §9). */
export const TEST_COUNTRIES = ['US', 'BR', 'PT'] as const satisfies readonly CountryCode[];
export type TestCountry = (typeof TEST_COUNTRIES)[number];

export const COUNTRY_NAMES: Record<TestCountry, string> = { US: 'United States (+1)', BR: 'Brazil (+55)', PT: 'Portugal (+351)' };

/**
 * Production takes a US number typed into the (###)###-#### mask and sends it with +1; other builds take
 * a US, Brazilian or Portuguese mobile number in any common format (spec §5).
 */
export type PhoneMode = 'us' | 'international';

export const DEFAULT_PHONE_MODE: PhoneMode = import.meta.env.PROD ? 'us' : 'international';

export const US_PHONE_MASK = '(###)###-####';

const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** The number as E.164 (what the server is sent), or null when it is not a valid mobile number. */
export function toE164(mode: PhoneMode, input: string, country: TestCountry = 'US'): string | null {
  if (mode === 'us') {
    const digits = input.replace(/\D/g, '');
    return digits.length === 10 ? `+1${digits}` : null;
  }
  const phone = parsePhoneNumberFromString(input, country);
  if (!phone?.isValid() || !phone.country || !(TEST_COUNTRIES as readonly string[]).includes(phone.country)) return null;
  return MOBILE_TYPES.has(phone.getType() ?? '') ? phone.number : null;
}

/** How a stored number is shown: (202) 555-0142 for US numbers, +55 11 98765 4321 for others. */
export function displayPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.country === 'US' ? phone.formatNational() : phone.formatInternational();
}

/** The country and national text of a stored number, to pre-fill the edit form. */
export function splitPhone(e164: string | null | undefined): { country: TestCountry; national: string; usDigits: string } {
  const phone = e164 ? parsePhoneNumberFromString(e164) : undefined;
  const country = phone?.country && (TEST_COUNTRIES as readonly string[]).includes(phone.country) ? (phone.country as TestCountry) : 'US';
  const national = phone ? phone.formatNational() : '';
  const usDigits = phone?.country === 'US' ? phone.nationalNumber.toString() : '';
  return { country, national, usDigits };
}

/** Formats as the person types, for the international input. */
export function formatAsYouType(input: string, country: TestCountry): string {
  return new AsYouType(country).input(input);
}
