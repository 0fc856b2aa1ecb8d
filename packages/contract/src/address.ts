import { z } from 'zod';

/**
 * US address autocomplete for the About-yourself address field (classic-application-flow.md §2:
 * "address (US-only autocomplete)"). The server proxies the configured provider (sandbox list or
 * Smarty US Autocomplete Pro) so no provider key reaches the browser.
 */

/** Characters before the autocomplete answers anything. */
export const ADDRESS_AUTOCOMPLETE_MIN = 3;
/** Most suggestions answered per query. */
export const ADDRESS_AUTOCOMPLETE_LIMIT = 10;

/** GET /api/addresses/autocomplete?query= */
export const ZAddressAutocompleteQuery = z.object({ query: z.string().trim().max(120).optional().default('') });

/** One suggestion: fills the form's address, city, state and zip (a unit when the provider gives one). */
export const ZAddressSuggestion = z.object({
  address: z.string(),
  unit_number: z.string(),
  city: z.string(),
  /** Two-letter USPS state code (the SPA maps it to GET /states). */
  state: z.string().length(2),
  zip_code: z.string().regex(/^\d{5}$/),
});
export type TAddressSuggestion = z.infer<typeof ZAddressSuggestion>;

export const ZAddressAutocompleteResponse = z.object({ suggestions: z.array(ZAddressSuggestion) });
export type TAddressAutocompleteResponse = z.infer<typeof ZAddressAutocompleteResponse>;
