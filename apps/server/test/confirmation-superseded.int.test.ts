/** An old e-mail confirmation code after a resend answers the spec's error plus `reason: 'superseded'` (issue #33). */
import { CONFIRMATION_SUPERSEDED } from '@payrail/contract/identity';
import { FIELD_MSG } from '@payrail/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../src/modules/identity/use-cases/start-session';
import { auth, call, latestEmailToken, signUp } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const confirm = (token: string, email?: string) =>
  call(app, { url: `/api/confirmation?confirmation_token=${encodeURIComponent(token)}${email ? `&email=${encodeURIComponent(email)}` : ''}` });
const resend = (email: string) => call(app, { method: 'POST', url: '/api/confirmation/resend_confirmation', payload: { application_member: { email } } });
const otherThan = (token: string) => (token === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');
const SUPERSEDED = { errors: { confirmation_token: [FIELD_MSG.invalid] }, reason: CONFIRMATION_SUPERSEDED };
const WRONG = { errors: { confirmation_token: [FIELD_MSG.invalid] } };

describe('a confirmation code replaced by a resend', () => {
  it('answers superseded alone or with the e-mail; a wrong code stays a plain wrong code; the newest code works', async () => {
    const { email } = await signUp(app);
    const first = await latestEmailToken(app, email);
    expect((await resend(email)).statusCode).toBe(200);
    const second = await latestEmailToken(app, email);
    expect((await resend(email)).statusCode).toBe(200);
    const third = await latestEmailToken(app, email);
    for (const old of [first, second]) {
      const alone = await confirm(old);
      expect([alone.statusCode, alone.json()]).toEqual([422, SUPERSEDED]);
      const named = await confirm(old, email);
      expect([named.statusCode, named.json()]).toEqual([422, SUPERSEDED]);
    }
    expect((await confirm(otherThan(third), email)).json()).toEqual(WRONG);
    const ok = await confirm(third, email);
    expect(ok.statusCode, ok.body).toBe(200);
    // Once confirmed, an old code says the account is confirmed (the code alone) — never a success.
    expect((await confirm(first)).statusCode).toBe(422);
  });

  it('signed-in confirmation: an old code answers superseded too', async () => {
    const { email } = await signUp(app);
    const first = await latestEmailToken(app, email);
    const member = (await app.ctx.repos.identity.findMemberByEmail(email))!;
    const token = await startSession(app.ctx, member.id, { ip: null, userAgent: null });
    expect((await call(app, { url: '/api/dashboard/confirmation/resend_token', headers: auth(token) })).statusCode).toBe(200);
    const res = await call(app, { url: `/api/dashboard/confirmation/${first}`, headers: auth(token) });
    expect([res.statusCode, res.json()]).toEqual([422, SUPERSEDED]);
    const fresh = await latestEmailToken(app, email);
    expect((await call(app, { url: `/api/dashboard/confirmation/${fresh}`, headers: auth(token) })).statusCode).toBe(200);
  });

  it("another account's old code is only a wrong code for this account", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const aOld = await latestEmailToken(app, a.email);
    await resend(a.email);
    expect((await confirm(aOld, b.email)).json()).toEqual(WRONG);
  });
});
