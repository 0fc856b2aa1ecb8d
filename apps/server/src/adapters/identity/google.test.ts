import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { googleIdentityProvider } from './google';

const CLIENT_ID = 'payrail-test.apps.googleusercontent.com';

async function setup() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const provider = googleIdentityProvider(CLIENT_ID, createLocalJWKSet({ keys: [jwk] }));
  const token = (claims: Record<string, unknown>, opts: { aud?: string; iss?: string; exp?: string | number } = {}) =>
    new SignJWT({ email: 'Pat@Example.com', email_verified: true, name: 'Pat Lee', given_name: 'Pat', family_name: 'Lee', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('1234567890')
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '1h')
      .sign(privateKey);
  return { provider, token };
}

describe('googleIdentityProvider', () => {
  it('accepts an ID token signed by Google for our client id', async () => {
    const { provider, token } = await setup();
    expect(provider).toMatchObject({ provider: 'google', clientId: CLIENT_ID });
    expect(await provider.verify(await token({}))).toEqual({
      subject: '1234567890',
      email: 'pat@example.com',
      emailVerified: true,
      name: 'Pat Lee',
      givenName: 'Pat',
      familyName: 'Lee',
    });
    expect(await provider.verify(await token({}, { iss: 'accounts.google.com' }))).not.toBeNull();
  });

  it('refuses another audience, another issuer, an expired token, a foreign signature and garbage', async () => {
    const { provider, token } = await setup();
    const other = await setup();
    expect(await provider.verify(await token({}, { aud: 'someone-else' }))).toBeNull();
    expect(await provider.verify(await token({}, { iss: 'https://evil.example' }))).toBeNull();
    expect(await provider.verify(await token({}, { exp: Math.floor(Date.now() / 1000) - 60 }))).toBeNull();
    expect(await provider.verify(await other.token({}))).toBeNull();
    expect(await provider.verify('not.a.jwt')).toBeNull();
  });

  it('reports an unverified e-mail as such', async () => {
    const { provider, token } = await setup();
    expect(await provider.verify(await token({ email_verified: false }))).toMatchObject({ emailVerified: false });
  });
});
