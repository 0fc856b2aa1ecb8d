import { ZAddressAutocompleteResponse } from '@payrail/contract/address';
import type { TAddressSuggestion } from '@payrail/contract/address';
import { apiClient } from '../lib/api-client';

/** GET {api}/addresses/autocomplete?query= — US address suggestions (About yourself, the profile's address dialog). */
export async function autocompleteAddress(query: string, signal?: AbortSignal): Promise<TAddressSuggestion[]> {
  const answer = await apiClient.get('/addresses/autocomplete', {
    base: 'api',
    query: { query },
    schema: ZAddressAutocompleteResponse,
    ...(signal ? { signal } : {}),
  });
  return answer.suggestions;
}
