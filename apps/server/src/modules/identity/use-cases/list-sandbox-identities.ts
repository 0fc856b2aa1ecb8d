import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context';
import { signSandboxToken } from '../../../adapters/identity/sandbox';
import type { VerifiedIdentity } from '../../../adapters/identity/port';
import { DEMO_BORROWER } from '../../../db/seed';

const TOKEN_MINUTES = 60;

/**
 * GET /dev/identities (never in production): the sandbox identity picker's people, each with a token
 * the sandbox provider accepts for an hour. The "new person" gets a fresh address on every call, so it
 * never has an account yet.
 */
export async function listSandboxIdentities(ctx: AppContext): Promise<{ label: string; email: string; name: string; google_token: string }[]> {
  const secret = await ctx.secret('sandbox_identity');
  const expiresAt = new Date(ctx.now().getTime() + TOKEN_MINUTES * 60_000);
  const fresh = randomBytes(4).toString('hex');
  const people: { label: string; identity: VerifiedIdentity }[] = [
    {
      label: 'Demo borrower (has an account)',
      identity: {
        subject: 'sandbox-demo-borrower',
        email: DEMO_BORROWER.email,
        emailVerified: true,
        name: `${DEMO_BORROWER.firstName} ${DEMO_BORROWER.lastName}`,
        givenName: DEMO_BORROWER.firstName,
        familyName: DEMO_BORROWER.lastName,
      },
    },
    {
      label: 'New person (no account yet)',
      identity: {
        subject: `sandbox-new-${fresh}`,
        email: `new.person.${fresh}@payrail.test`,
        emailVerified: true,
        name: 'Casey Morgan',
        givenName: 'Casey',
        familyName: 'Morgan',
      },
    },
  ];
  return people.map(({ label, identity }) => ({
    label,
    email: identity.email,
    name: identity.name ?? identity.email,
    google_token: signSandboxToken(secret, identity, expiresAt),
  }));
}
