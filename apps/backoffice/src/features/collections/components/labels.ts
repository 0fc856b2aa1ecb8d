import { CONTACT_CHANNEL_LABELS, CONTACT_OUTCOME_LABELS } from '@payrail/contract/collections';

export const contactLabel = (channel: string, outcome: string) =>
  `${CONTACT_CHANNEL_LABELS[channel as keyof typeof CONTACT_CHANNEL_LABELS] ?? channel}: ${CONTACT_OUTCOME_LABELS[outcome as keyof typeof CONTACT_OUTCOME_LABELS] ?? outcome}`;

/** "50", "50.5", "1,250.00" → cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
