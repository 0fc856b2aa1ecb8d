import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens';
import { staffToken } from './application-helpers';
import { signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * What a signed-in request carries about its user never includes the password hash: only the credential
 * checks read it (sign-in looks the member up by e-mail). The session check runs on every request, and on
 * the embedded database its answer is kept between requests (describe-session.ts).
 */
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('the session lookups leave the password hash in the database', () => {
  it('a borrower session: the live session and the session summary', async () => {
    const { token, email } = await signUpConfirmed(app);
    const now = app.ctx.now();
    const summary = await app.ctx.repos.refinance.findSessionSummary(hashToken(token), now);
    expect(summary?.member.email).toBe(email);
    expect(summary?.member).not.toHaveProperty('passwordHash');
    const live = await app.ctx.repos.identity.findLiveSession(hashToken(token), now);
    expect(live?.member.email).toBe(email);
    expect(live?.member).not.toHaveProperty('passwordHash');
    // The credential check still has it.
    expect((await app.ctx.repos.identity.findMemberByEmail(email))?.passwordHash).toEqual(expect.any(String));
  });

  it('a staff session', async () => {
    const token = await staffToken(app, 'servicer@payrail.test');
    const live = await app.ctx.repos.staff.findLiveSession(hashToken(token), app.ctx.now());
    expect(live?.user.email).toBe('servicer@payrail.test');
    expect(live?.user).not.toHaveProperty('passwordHash');
  });
});
