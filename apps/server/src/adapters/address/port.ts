/** A US street address the autocomplete suggests (USPS state code, five-digit ZIP). */
export type AddressSuggestion = { street: string; secondary: string; city: string; state: string; zip: string };

/** The provider could not answer (network, credentials, quota); the route answers an empty list. */
export class AddressProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressProviderError';
  }
}

/** US-only address autocomplete (spec §2, About yourself). */
export interface AddressAutocompleteProvider {
  readonly provider: 'sandbox' | 'smarty';
  /** Suggestions for what the borrower typed so far, at most `limit`. */
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
}
