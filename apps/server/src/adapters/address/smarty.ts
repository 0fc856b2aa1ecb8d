import { AddressProviderError, type AddressAutocompleteProvider } from './port';

export type SmartyConfig = { authId: string; authToken: string; baseUrl?: string | undefined };

type SmartySuggestion = { street_line: string; secondary?: string; city: string; state: string; zipcode: string; entries?: number };

const TIMEOUT_MS = 3_000;

/**
 * Smarty US Autocomplete Pro (https://www.smarty.com/docs/cloud/us-autocomplete-pro-api), server-side
 * with a secret key pair (auth-id / auth-token), so the key never reaches the browser. US only by the
 * product itself; suggestions without a five-digit ZIP are dropped.
 */
export function smartyAddressAutocomplete(config: SmartyConfig, fetchImpl: typeof fetch = fetch): AddressAutocompleteProvider {
  const base = config.baseUrl ?? 'https://us-autocomplete-pro.api.smarty.com/lookup';
  return {
    provider: 'smarty',
    async suggest(query, limit) {
      const url = new URL(base);
      url.searchParams.set('auth-id', config.authId);
      url.searchParams.set('auth-token', config.authToken);
      url.searchParams.set('search', query);
      url.searchParams.set('max_results', String(limit));
      let res: Response;
      try {
        res = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (err) {
        throw new AddressProviderError(`smarty unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new AddressProviderError(`smarty answered ${res.status}`);
      const body = (await res.json()) as { suggestions?: SmartySuggestion[] | null };
      return (body.suggestions ?? [])
        .filter((s) => /^\d{5}$/.test(s.zipcode ?? '') && /^[A-Z]{2}$/.test(s.state ?? ''))
        .slice(0, limit)
        .map((s) => ({ street: s.street_line, secondary: s.secondary ?? '', city: s.city, state: s.state, zip: s.zipcode }));
    },
  };
}
