import type { AddressAutocompleteProvider, AddressSuggestion } from './port';
import { SANDBOX_ADDRESSES } from './sandbox-addresses';

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9&\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

type Entry = { suggestion: AddressSuggestion; street: string; words: string[] };

const ENTRIES: readonly Entry[] = SANDBOX_ADDRESSES.map(([street, city, state, zip]) => ({
  suggestion: { street, secondary: '', city, state, zip },
  street: street.toLowerCase(),
  words: words(`${street} ${city} ${state} ${zip}`),
}));

/**
 * Offline autocomplete over a fixed list of real public US addresses (`sandbox-addresses.ts`). Every
 * typed word must start a word of "street city state zip" (the last one may be partial, as while
 * typing); addresses whose street starts with what was typed come first.
 */
export function sandboxAddressAutocomplete(): AddressAutocompleteProvider {
  return {
    provider: 'sandbox',
    async suggest(query, limit) {
      const typed = words(query);
      if (typed.length === 0) return [];
      const q = query.trim().toLowerCase();
      const hits = ENTRIES.filter((e) => typed.every((t) => e.words.some((w) => w.startsWith(t))));
      const ranked = [...hits.filter((e) => e.street.startsWith(q)), ...hits.filter((e) => !e.street.startsWith(q))];
      return ranked.slice(0, limit).map((e) => ({ ...e.suggestion }));
    },
  };
}
