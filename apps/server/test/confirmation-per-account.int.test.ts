import { FIELD_MSG, SERVER_MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMembers } from '../src/db/schema/index';
import { WRONG_CODES_ALLOWED } from '../src/lib/access-limits';
import { call, latestEmailToken, signUp } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * Issue #33 C: the public e-mail confirmation (`GET /confirmation?confirmation_token=&email=`) counts wrong
 * codes against the account's code, as the phone code does: 5 wrong and the code is dead, whichever
 * addresses the guesses came from and whichever way the right code is then presented. Every call comes
 * from its own address, so the per-IP limits never answer.
 */
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

let ipN = 0;
const nextIp = () => `10.233.${Math.floor(Math.random() * 250)}.${String(++ipN % 250)}`;
const confirm = (code: string, email?: string) =>
  app.inject({ url: `/api/confirmation?confirmation_token=${code}${email ? `&email=${encodeURIComponent(email)}` : ''}`, remoteAddress: nextIp() });
const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => `WRONG${'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[i % 32]!}`).map((g) => (g === right ? 'WRONGZ' : g));
const confirmedAt = async (email: string) =>
  (await app.ctx.database.db.select({ at: applicationMembers.confirmedAt }).from(applicationMembers).where(eq(applicationMembers.email, email)))[0]!.at;
const count = (codes: number[], status: number) => codes.filter((c) => c === status).length;

describe('public e-mail confirmation: wrong codes count per account', () => {
  it('20 wrong codes from 20 addresses kill the code: the right one no longer works, with or without the e-mail', async () => {
    const { email } = await signUp(app);
    const code = await latestEmailToken(app, email);
    const answers = [];
    for (const guess of wrongCodes(code, 20)) answers.push(await confirm(guess, email));
    expect(
      count(
        answers.map((a) => a.statusCode),
        422,
      ),
    ).toBe(WRONG_CODES_ALLOWED);
    expect(
      count(
        answers.map((a) => a.statusCode),
        429,
      ),
    ).toBe(20 - WRONG_CODES_ALLOWED);
    expect(answers[0]!.json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] } });
    expect(answers[WRONG_CODES_ALLOWED]!.json()).toEqual({ error: SERVER_MSG.tooManyWrongCodes });

    const right = await confirm(code, email);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: SERVER_MSG.tooManyWrongCodes });
    const codeOnly = await confirm(code);
    expect(codeOnly.statusCode).toBe(429);
    expect(codeOnly.json()).toEqual({ error: SERVER_MSG.tooManyWrongCodes });
    expect(codeOnly.headers.authorization).toBeUndefined();
    expect(await confirmedAt(email)).toBeNull();
  });

  it('a new code (re-sent) works again after the dead one', async () => {
    const { email } = await signUp(app);
    const code = await latestEmailToken(app, email);
    for (const guess of wrongCodes(code, WRONG_CODES_ALLOWED + 1)) await confirm(guess, email);
    expect((await confirm(code, email)).statusCode).toBe(429);
    const resent = await call(app, { method: 'POST', url: '/api/confirmation/resend_confirmation', payload: { application_member: { email } } });
    expect(resent.statusCode).toBe(200);
    const fresh = await latestEmailToken(app, email);
    const ok = await confirm(fresh, email);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.authorization).toBeTruthy();
    expect(await confirmedAt(email)).not.toBeNull();
  });

  it('30 wrong codes at once from 30 addresses are checked exactly 5 times', async () => {
    const { email } = await signUp(app);
    const code = await latestEmailToken(app, email);
    const codes = (await Promise.all(wrongCodes(code, 30).map((guess) => confirm(guess, email)))).map((r) => r.statusCode);
    expect(count(codes, 422)).toBe(WRONG_CODES_ALLOWED);
    expect(count(codes, 429)).toBe(30 - WRONG_CODES_ALLOWED);
    expect((await confirm(code)).statusCode).toBe(429);
  });

  it('the right code with its e-mail confirms at once; an unknown e-mail answers like a wrong code', async () => {
    const { email } = await signUp(app);
    const code = await latestEmailToken(app, email);
    expect((await confirm(code, 'nobody-here@example.com')).json()).toEqual({ errors: { confirmation_token: [FIELD_MSG.invalid] } });
    const ok = await confirm(code.toLowerCase(), email.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email });
    // Used: the same code again says the account is confirmed (with or without the e-mail).
    expect((await confirm(code, email)).json()).toEqual({ errors: { email: [FIELD_MSG.alreadyConfirmed] } });
    expect((await confirm(code)).json()).toEqual({ errors: { email: [FIELD_MSG.alreadyConfirmed] } });
  });
});
