import { type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from 'jose';
import type { IdentityProvider } from './port';

const GOOGLE_CERTS = new URL('https://www.googleapis.com/oauth2/v3/certs');
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Google Identity Services: the SPA gets an ID token (a JWT) from Google's popup; we check its signature
 * against Google's published keys (cached and refreshed by jose), the issuer, the audience (our client
 * id) and the expiry. `keys` is Google's key set; tests pass a local one.
 */
export function googleIdentityProvider(clientId: string, keys: JWTVerifyGetKey = createRemoteJWKSet(GOOGLE_CERTS)): IdentityProvider {
  return {
    provider: 'google',
    clientId,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: GOOGLE_ISSUERS, audience: clientId });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          subject: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          name: text(payload.name),
          givenName: text(payload.given_name),
          familyName: text(payload.family_name),
        };
      } catch {
        return null;
      }
    },
  };
}
