import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { employers } from '../../src/db/schema/index';
import { hashPassword } from '../../src/lib/passwords';
import type { EmployerRow } from '../../src/modules/employer-portal/accounts.repository';
import { openEmployerSession } from '../../src/modules/employer-portal/auth/sessions';
import { newTotpSecret, sealTotpSecret } from '../../src/modules/employer-portal/auth/totp';

/**
 * Test support for the employer portal (issue #31), shared by every employer portal test file.
 * Everything is created with unique names, so files sharing a database never collide.
 */

/** The password of every user {@link employerSession} creates. */
export const EMPLOYER_TEST_PASSWORD = 'Employer-test-1';

let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(EMPLOYER_TEST_PASSWORD));

const unique = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

/** A fresh listed employer: a b2b partner paying by allotment every other week, with a unique name and slug (`overrides` for another pay frequency and the like). */
export async function partnerEmployer(
  app: FastifyInstance,
  name?: string,
  overrides: Partial<Omit<typeof employers.$inferInsert, 'id' | 'slug' | 'name'>> = {},
): Promise<EmployerRow> {
  const suffix = unique();
  const [row] = await app.ctx.database.db
    .insert(employers)
    .values({
      slug: `test-partner-${suffix}`,
      name: name ? `${name} ${suffix}` : `Test Partner ${suffix}`,
      employerType: 'private',
      partnership: 'b2b_partner',
      paymentType: 'allotment',
      payFrequency: 'biweekly',
      payStubHelp: 'Your pay stub is in the HR portal.',
      logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A unique employer user e-mail. */
export const uniqueEmployerEmail = (prefix = 'hr') => `${prefix}.${unique()}@employer.example`;

/**
 * An active employer user at `employerId` (TOTP enrolled, password {@link EMPLOYER_TEST_PASSWORD}) with an
 * open full session, made through the repository (no HTTP round trips). `totpSecret` is the base32 secret,
 * for tests that sign in through the API ({@link totpCode}).
 */
export async function employerSession(
  app: FastifyInstance,
  employerId: number,
  opts: { email?: string } = {},
): Promise<{ token: string; userId: number; email: string; headers: { authorization: string }; totpSecret: string; password: string }> {
  const ctx = app.ctx;
  const email = (opts.email ?? uniqueEmployerEmail()).toLowerCase();
  const totpSecret = newTotpSecret();
  const box = await ctx.cryptoBox();
  const user = await ctx.repos.employerAccounts.createEnrolledUser({
    employerId,
    email,
    name: `HR ${email.split('@')[0]}`,
    passwordHash: await testPasswordHash(),
    totpSecret: sealTotpSecret(box, totpSecret),
    now: ctx.now(),
  });
  if (!user) throw new Error(`employerSession: ${email} already has an employer account`);
  const token = await openEmployerSession(ctx, user.id, 'active', { ip: '127.0.0.1', userAgent: 'vitest' });
  return { token, userId: user.id, email, headers: { authorization: token }, totpSecret, password: EMPLOYER_TEST_PASSWORD };
}

/** The TOTP code of `secret` at `at` (the app's clock in the test), as an authenticator app shows it. */
export function totpCode(secret: string, at: Date | number = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: typeof at === 'number' ? at : at.getTime(),
  });
}

/**
 * The per-route isolation check (issue #31: employer A can never read or act on employer B): `request`
 * names a row of the owner's employer; sent with the other employer's session it must answer 404 (never
 * 403, which would confirm the row exists) and leak nothing of it. With `owner`, the same request is then
 * sent as the owner and must answer `ownerStatus` (so the 404 is not just a wrong URL). Call it for every
 * portal route that takes an id (a write is sent as the other employer first, so nothing changes before).
 */
export async function expectNotFoundForOtherEmployer(
  app: FastifyInstance,
  request: InjectOptions,
  sessions: { other: { headers: { authorization: string } }; owner?: { headers: { authorization: string } } },
  ownerStatus = 200,
): Promise<void> {
  const asOther = await app.inject({ ...request, headers: { ...(request.headers ?? {}), ...sessions.other.headers } });
  expect(asOther.statusCode, `${request.method ?? 'GET'} ${String(request.url)} as another employer: ${asOther.body}`).toBe(404);
  if (!sessions.owner) return;
  const asOwner = await app.inject({ ...request, headers: { ...(request.headers ?? {}), ...sessions.owner.headers } });
  expect(asOwner.statusCode, `${request.method ?? 'GET'} ${String(request.url)} as the owner: ${asOwner.body}`).toBe(ownerStatus);
}
