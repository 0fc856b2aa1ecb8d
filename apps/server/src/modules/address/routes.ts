import { ZAddressAutocompleteQuery, ZAddressAutocompleteResponse } from '@payrail/contract/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { suggestAddresses } from './use-cases/suggest-addresses';

/** Per-borrower typing pace: one call per pause (the SPA debounces), with room for fast typists. */
const AUTOCOMPLETE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

/** GET /api/addresses/autocomplete?query= — signed-in borrowers only (the provider is metered). */
export function addressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/addresses/autocomplete',
      {
        config: { session: 'required', rateLimit: AUTOCOMPLETE_RATE_LIMIT },
        schema: { querystring: ZAddressAutocompleteQuery, response: { 200: ZAddressAutocompleteResponse } },
      },
      async (req) => suggestAddresses(ctx, req.query.query, req.log),
    );
  };
}
