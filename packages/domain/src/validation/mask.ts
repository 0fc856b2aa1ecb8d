/**
 * Masking of bank numbers for display. The server answers stored account numbers masked with
 * asterisks (`*****6789`); screens show the asterisks as `X` (new flow §3), and a routing or account
 * number without an asterisk is a newly typed one (payment request `customBanking`).
 */

/** The character the server masks with. */
export const MASK_CHAR = '*';

/** Masks all but the last `visible` characters of `value` with asterisks (`'123456789'` → `'*****6789'`). */
export function maskAllButLast(value: string, visible = 4): string {
  const keep = Math.max(0, visible);
  if (value.length <= keep) return value;
  return MASK_CHAR.repeat(value.length - keep) + value.slice(value.length - keep);
}

/** True when a value came back masked (it holds an asterisk), i.e. it is not a newly typed number. */
export function isMasked(value: string): boolean {
  return value.includes(MASK_CHAR);
}

/** The display form of a masked value: asterisks shown as `X` (`'*****6789'` → `'XXXXX6789'`). */
export function displayMasked(value: string): string {
  return value.replaceAll(MASK_CHAR, 'X');
}
