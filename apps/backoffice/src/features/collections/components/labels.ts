import { parseMoneyInput } from '@payrail/client/money-input';
import { CONTACT_CHANNEL_LABELS, CONTACT_OUTCOME_LABELS } from '@payrail/contract/collections';

export const contactLabel = (channel: string, outcome: string) =>
  `${CONTACT_CHANNEL_LABELS[channel as keyof typeof CONTACT_CHANNEL_LABELS] ?? channel}: ${CONTACT_OUTCOME_LABELS[outcome as keyof typeof CONTACT_OUTCOME_LABELS] ?? outcome}`;

/** "50", "50.5", "1,250.00" → cents (the one money-input parser); null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const read = parseMoneyInput(text);
  return read.ok ? read.cents : null;
}
