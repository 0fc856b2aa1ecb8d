import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** Countries whose mobile numbers are accepted outside production (spec §5). */
const TEST_COUNTRIES = new Set(['US', 'BR', 'PT']);
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The E.164 form of a mobile number, or null. Production takes exactly 10 US digits (with or without
 * the +1 the SPA prefixes); elsewhere a US, Brazilian or Portuguese mobile number in any common format.
 */
export function normalizeMobile(input: string, production: boolean): string | null {
  const text = input.trim();
  if (production) {
    if (text.startsWith('+') && !text.startsWith('+1')) return null;
    let digits = text.replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    if (!/^\d{10}$/.test(digits)) return null;
    const phone = parsePhoneNumberFromString(`+1${digits}`);
    return phone?.isValid() && phone.country === 'US' && MOBILE_TYPES.has(phone.getType() ?? '') ? phone.number : null;
  }
  const phone = parsePhoneNumberFromString(text, 'US');
  if (!phone?.isValid() || !phone.country || !TEST_COUNTRIES.has(phone.country)) return null;
  return MOBILE_TYPES.has(phone.getType() ?? '') ? phone.number : null;
}
