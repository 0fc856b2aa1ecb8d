import { describe, expect, it } from 'vitest';
import { sandboxIdentityProvider, signSandboxToken } from './sandbox';

const person = { subject: 's-1', email: 'Sam@Example.com', emailVerified: true, name: 'Sam Poe', givenName: 'Sam', familyName: 'Poe' };

describe('sandbox identity provider', () => {
  it('verifies its own tokens until they expire', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const provider = sandboxIdentityProvider(
      async () => 'secret-a',
      () => now,
    );
    const token = signSandboxToken('secret-a', person, new Date('2026-01-01T01:00:00Z'));
    expect(await provider.verify(token)).toEqual({ ...person, email: 'sam@example.com' });
    now = new Date('2026-01-01T01:00:00Z');
    expect(await provider.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered', async () => {
    const provider = sandboxIdentityProvider(
      async () => 'secret-a',
      () => new Date('2026-01-01T00:00:00Z'),
    );
    const foreign = signSandboxToken('secret-b', person, new Date('2026-01-02T00:00:00Z'));
    expect(await provider.verify(foreign)).toBeNull();
    const [prefix, , sig] = signSandboxToken('secret-a', person, new Date('2026-01-02T00:00:00Z')).split('.');
    const altered = Buffer.from(JSON.stringify({ sub: 'admin', email: 'admin@payrail.test', email_verified: true, exp: 9_999_999_999 })).toString('base64url');
    expect(await provider.verify(`${prefix}.${altered}.${sig}`)).toBeNull();
    expect(await provider.verify('garbage')).toBeNull();
  });
});
