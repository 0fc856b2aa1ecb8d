import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ADDRESSES } from '../src/adapters/address/sandbox-addresses';
import { AddressProviderError } from '../src/adapters/address/port';
import { smartyAddressAutocomplete } from '../src/adapters/address/smarty';
import { loadConfig } from '../src/config';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

type Suggestion = { address: string; unit_number: string; city: string; state: string; zip_code: string };

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await testApp();
  token = (await signUpConfirmed(app)).token;
});
afterAll(() => app.close());

const autocomplete = (query: string, headers: Record<string, string> = auth(token)) =>
  call(app, { url: `/api/addresses/autocomplete?query=${encodeURIComponent(query)}`, headers });

describe('GET /api/addresses/autocomplete (sandbox)', () => {
  it('needs a signed-in borrower', async () => {
    const res = await autocomplete('1600 Penn', {});
    expect(res.statusCode).toBe(401);
  });

  it('completes a real US address with street, city, state code and zip', async () => {
    const res = await autocomplete('1600 Penn');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ suggestions: Suggestion[] }>().suggestions[0]).toEqual({
      address: '1600 Pennsylvania Ave NW',
      unit_number: '',
      city: 'Washington',
      state: 'DC',
      zip_code: '20500',
    });
  });

  it('matches words of the street, city, state and zip in any order, at most ten', async () => {
    const byCity = (await autocomplete('chicago')).json<{ suggestions: Suggestion[] }>().suggestions;
    expect(byCity.length).toBeGreaterThan(3);
    expect(byCity.length).toBeLessThanOrEqual(10);
    expect(byCity.every((s) => s.city === 'Chicago' && s.state === 'IL')).toBe(true);
    const mixed = (await autocomplete('congress austin')).json<{ suggestions: Suggestion[] }>().suggestions;
    expect(mixed.map((s) => s.address)).toContain('1100 Congress Ave');
    const zip = (await autocomplete('78701')).json<{ suggestions: Suggestion[] }>().suggestions;
    expect(zip.every((s) => s.zip_code === '78701')).toBe(true);
  });

  it('answers nothing under three characters or for an unknown address', async () => {
    expect((await autocomplete('16')).json()).toEqual({ suggestions: [] });
    expect((await autocomplete('')).json()).toEqual({ suggestions: [] });
    expect((await autocomplete('zzzz nowhere')).json()).toEqual({ suggestions: [] });
  });

  it('refuses an over-long query', async () => {
    const res = await autocomplete('x'.repeat(200));
    expect(res.statusCode).toBe(422);
  });

  it('ships a few hundred well-formed US addresses covering every state and DC', () => {
    expect(SANDBOX_ADDRESSES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(SANDBOX_ADDRESSES.map((a) => a[2])).size).toBe(51);
    for (const [street, city, state, zip] of SANDBOX_ADDRESSES) {
      expect(street).toMatch(/^\d+ \S/);
      expect(city.length).toBeGreaterThan(1);
      expect(state).toMatch(/^[A-Z]{2}$/);
      expect(zip).toMatch(/^\d{5}$/);
    }
  });
});

describe('Smarty adapter', () => {
  it('calls US Autocomplete Pro with the key pair and maps its suggestions', async () => {
    let seen: URL | undefined;
    const fake = (async (url: URL) => {
      seen = url;
      return new Response(
        JSON.stringify({
          suggestions: [
            { street_line: '1600 Amphitheatre Pkwy', secondary: '', city: 'Mountain View', state: 'CA', zipcode: '94043', entries: 0 },
            { street_line: 'No zip', secondary: '', city: 'X', state: 'CA', zipcode: '' },
          ],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as unknown as typeof fetch;
    const provider = smartyAddressAutocomplete({ authId: 'id-1', authToken: 'tok-1' }, fake);
    const found = await provider.suggest('1600 amph', 10);
    expect(seen?.searchParams.get('auth-id')).toBe('id-1');
    expect(seen?.searchParams.get('auth-token')).toBe('tok-1');
    expect(seen?.searchParams.get('search')).toBe('1600 amph');
    expect(found).toEqual([{ street: '1600 Amphitheatre Pkwy', secondary: '', city: 'Mountain View', state: 'CA', zip: '94043' }]);
  });

  it('reports a refusal or an unreachable provider as AddressProviderError (the route answers an empty list)', async () => {
    const refusing = smartyAddressAutocomplete({ authId: 'a', authToken: 'b' }, (async () => new Response('no', { status: 401 })) as unknown as typeof fetch);
    await expect(refusing.suggest('1600 amph', 10)).rejects.toBeInstanceOf(AddressProviderError);
    const down = smartyAddressAutocomplete({ authId: 'a', authToken: 'b' }, (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    await expect(down.suggest('1600 amph', 10)).rejects.toThrow(/unreachable/);
  });

  it('needs both keys when ADDRESS_PROVIDER=smarty', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ADDRESS_PROVIDER: 'smarty' })).toThrow(/SMARTY_AUTH_ID/);
    expect(loadConfig({ NODE_ENV: 'test' }).address.provider).toBe('sandbox');
  });
});
