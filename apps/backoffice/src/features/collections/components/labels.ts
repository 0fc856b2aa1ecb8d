import { CONTACT_CHANNEL_LABELS, CONTACT_OUTCOME_LABELS } from '@payrail/contract/collections';

export const contactLabel = (channel: string, outcome: string) =>
  `${CONTACT_CHANNEL_LABELS[channel as keyof typeof CONTACT_CHANNEL_LABELS] ?? channel}: ${CONTACT_OUTCOME_LABELS[outcome as keyof typeof CONTACT_OUTCOME_LABELS] ?? outcome}`;
