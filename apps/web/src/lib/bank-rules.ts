import { ROUTING_NUMBER_INPUT_MAX, validateRoutingNumber } from '@payrail/domain/validation/routing-number';

/**
 * The one client rule for bank account fields, shared by the manual bank form and the application
 * review (a feature cannot import another feature). The routing input mask takes up to 12 digits
 * (spec §5), but only a valid nine-digit ABA number (3-7-1 checksum, Federal Reserve prefix) is a
 * routing number — the same check the server runs in update_field, so the client never accepts what
 * the server refuses.
 */
export const ROUTING_MASK = '#'.repeat(ROUTING_NUMBER_INPUT_MAX);
export const ACCOUNT_NUMBER_MAX = 20;

/** True for a routing number the server can accept (nine digits passing the ABA checks). */
export function isRoutingNumber(value: string): boolean {
  return validateRoutingNumber(value).ok;
}

/** True for a plain account number: 1 to 20 digits. */
export function isAccountNumber(value: string): boolean {
  return new RegExp(`^\\d{1,${ACCOUNT_NUMBER_MAX}}$`).test(value.trim());
}

/** Digits only, at most 20: what an account-number field keeps of what is typed or pasted. */
export function accountDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_MAX);
}
