import { ADDRESS_AUTOCOMPLETE_LIMIT, ADDRESS_AUTOCOMPLETE_MIN, ZAddressAutocompleteQuery, ZAddressAutocompleteResponse } from '@payrail/contract/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressProviderError } from '../../adapters/address/port';
import type { AppContext } from '../../context';
import { requireSignIn } from '../identity/http';

/** Per-borrower typing pace: one call per pause (the SPA debounces), with room for fast typists. */
const AUTOCOMPLETE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * GET /api/addresses/autocomplete?query= — US address suggestions for the About-yourself address
 * field, from the configured provider. Signed-in borrowers only (the provider is metered). Fewer than
 * three characters, or a provider failure, answer an empty list: the borrower can always type the
 * address by hand.
 */
export function addressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const provider = ctx.providers.address;
  return async (app) => {
    app.get(
      '/addresses/autocomplete',
      { onRequest: requireSignIn(ctx), config: { rateLimit: AUTOCOMPLETE_RATE_LIMIT }, schema: { querystring: ZAddressAutocompleteQuery, response: { 200: ZAddressAutocompleteResponse } } },
      async (req) => {
        const query = req.query.query;
        if (query.replace(/\s+/g, '').length < ADDRESS_AUTOCOMPLETE_MIN) return { suggestions: [] };
        try {
          const found = await provider.suggest(query, ADDRESS_AUTOCOMPLETE_LIMIT);
          return { suggestions: found.map((s) => ({ address: s.street, unit_number: s.secondary, city: s.city, state: s.state, zip_code: s.zip })) };
        } catch (err) {
          if (!(err instanceof AddressProviderError)) throw err;
          req.log.warn({ provider: provider.provider, reason: err.message }, 'address autocomplete unavailable');
          return { suggestions: [] };
        }
      },
    );
  };
}
