import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IdentityProvider, VerifiedIdentity } from './port';

const PREFIX = 'sandbox';

type Claims = { sub: string; email: string; email_verified: boolean; name: string | null; given_name: string | null; family_name: string | null; exp: number };

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`${PREFIX}.${payload}`).digest('base64url');

/**
 * A sandbox "Google ID token": `sandbox.<claims>.<HMAC-SHA256>` under the per-install secret. Only this
 * installation can mint one (through the dev identity picker), so it cannot be forged from outside.
 */
export function signSandboxToken(secret: string, identity: VerifiedIdentity, expiresAt: Date): string {
  const claims: Claims = {
    sub: identity.subject,
    email: identity.email,
    email_verified: identity.emailVerified,
    name: identity.name,
    given_name: identity.givenName,
    family_name: identity.familyName,
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${PREFIX}.${payload}.${sign(secret, payload)}`;
}

/** Test mode of the identity provider: verifies sandbox tokens (signature and expiry). */
export function sandboxIdentityProvider(secret: () => Promise<string>, now: () => Date): IdentityProvider {
  return {
    provider: 'sandbox',
    clientId: null,
    async verify(token) {
      const [prefix, payload, signature, ...rest] = token.split('.');
      if (prefix !== PREFIX || !payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(await secret(), payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let claims: Claims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
      } catch {
        return null;
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now().getTime()) return null;
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
      return {
        subject: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: claims.name ?? null,
        givenName: claims.given_name ?? null,
        familyName: claims.family_name ?? null,
      };
    },
  };
}
