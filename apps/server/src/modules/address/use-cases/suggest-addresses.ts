import { ADDRESS_AUTOCOMPLETE_LIMIT, ADDRESS_AUTOCOMPLETE_MIN } from '@payrail/contract/address';
import type { FastifyBaseLogger } from 'fastify';
import { AddressProviderError } from '../../../adapters/address/port';
import type { AppContext } from '../../../context';

/**
 * US address suggestions for the About-yourself address field, from the configured provider. Fewer than
 * three characters, or a provider failure (logged), answer an empty list: the borrower can always type
 * the address by hand.
 */
export async function suggestAddresses(ctx: AppContext, query: string, log: FastifyBaseLogger) {
  if (query.replace(/\s+/g, '').length < ADDRESS_AUTOCOMPLETE_MIN) return { suggestions: [] };
  const provider = ctx.providers.address;
  try {
    const found = await provider.suggest(query, ADDRESS_AUTOCOMPLETE_LIMIT);
    return { suggestions: found.map((s) => ({ address: s.street, unit_number: s.secondary, city: s.city, state: s.state, zip_code: s.zip })) };
  } catch (err) {
    if (!(err instanceof AddressProviderError)) throw err;
    log.warn({ provider: provider.provider, reason: err.message }, 'address autocomplete unavailable');
    return { suggestions: [] };
  }
}
