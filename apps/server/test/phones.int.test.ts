import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowTransitions } from '../src/db/schema/index';
import { auth, call, latestPhoneCode, outbox, signUpConfirmed, uniquePhone } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

type Phone = { number: string; confirmed: boolean; new_status?: string };

const post = (target: TestApp, url: string, token: string, phone: Record<string, string>, remoteAddress?: string) =>
  remoteAddress
    ? target.inject({ method: 'POST', url, headers: auth(token), remoteAddress, payload: { phone } })
    : call(target, { method: 'POST', url, headers: auth(token), payload: { phone } });
const send = (token: string, number: string, target = app) => post(target, '/api/phones', token, { number });
const verify = (token: string, number: string, code: string, target = app) => post(target, '/api/phones/verify_phone', token, { number, code });
const session = async (token: string, target = app) =>
  (await target.inject({ url: '/api/token_is_valid', headers: auth(token) })).json<{
    workflow_status: string;
    phone: string | null;
    phone_confirmed: boolean;
  }>();
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
/** "(202) 555-0142" from "+12025550142": the SPA's mask. */
const masked = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

/** A confirmed member advanced to the phone step. */
async function atPhoneStep(target = app) {
  const { token, id } = await signUpConfirmed(target);
  for (const current of ['about_yourself', 'employer']) {
    const res = await target.inject({ method: 'POST', url: '/api/workflow/next_status', headers: auth(token), payload: { current_status: current } });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return { token, id };
}

describe('classic phone verification', () => {
  it('texts a 6-digit code, then verifies it and moves phone_code_sent → loan_terms', async () => {
    const { token, id } = await atPhoneStep();
    const number = uniquePhone();
    const sent = await send(token, masked(number));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ number, confirmed: false, new_status: 'phone_code_sent' });
    expect(await session(token)).toMatchObject({ workflow_status: 'phone_code_sent', phone: number, phone_confirmed: false });
    const [sms] = await outbox(app, number);
    expect(sms).toMatchObject({ channel: 'sms', to: number });
    const code = await latestPhoneCode(app, number);
    expect(code).toMatch(/^\d{6}$/);

    const bad = await verify(token, number, wrong(code));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { phone: [SERVER_MSG.invalidVerificationCode] } });

    const ok = await verify(token, masked(number), code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ number, confirmed: true, new_status: 'loan_terms' });
    expect(await session(token)).toMatchObject({ workflow_status: 'loan_terms', phone: number, phone_confirmed: true });
    const moves = await app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, id)).orderBy(asc(workflowTransitions.id));
    expect(moves.slice(-2).map((m) => [m.fromStatus, m.toStatus, m.event, m.actor])).toEqual([
      ['phone_verification', 'phone_code_sent', 'send_phone_code', 'system'],
      ['phone_code_sent', 'loan_terms', 'verify_phone', 'borrower'],
    ]);
    const stack = await call(app, { url: '/api/workflow/navigation_stack', headers: auth(token) });
    expect(stack.json()).toEqual({ navigation_stack: ['about_yourself', 'employer', 'phone_verification', 'loan_terms'], current_status: 'loan_terms' });
    // The code works once.
    expect((await verify(token, number, code)).json()).toEqual({ errors: { phone: [SERVER_MSG.invalidVerificationCode] } });
  });

  it('resends a new code that replaces the old one', async () => {
    const { token } = await atPhoneStep();
    const number = uniquePhone();
    await send(token, number);
    const first = await latestPhoneCode(app, number);
    const resent = await post(app, '/api/phones/resend_verification_code', token, { number });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ number, confirmed: false, new_status: 'phone_code_sent' });
    const second = await latestPhoneCode(app, number);
    expect(second).not.toBe(first);
    expect((await verify(token, number, first)).statusCode).toBe(422);
    expect((await verify(token, number, second)).statusCode).toBe(200);
  });

  it('refuses numbers that are not US, Brazilian or Portuguese mobiles, and takes those that are', async () => {
    const { token } = await atPhoneStep();
    for (const number of ['+44 20 7123 4567', '+351 212 345 678', '+55 11 3333-4444', '12345', 'not a phone', ' ']) {
      const res = await send(token, number);
      expect(res.statusCode, number).toBe(422);
      expect(res.json(), number).toEqual({ errors: { phone: [MSG.invalidPhone] } });
    }
    expect((await send(token, '+55 11 98765-4321')).json<Phone>().number).toBe('+5511987654321');
    expect((await send(token, '+351 912 345 678')).json<Phone>().number).toBe('+351912345678');
    const malformed = await post(app, '/api/phones/verify_phone', token, { number: '+351912345678', code: '12ab' });
    expect(malformed.json()).toEqual({ errors: { phone: [FIELD_MSG.invalid] } });
  });

  it('takes only 10-digit US numbers in production', async () => {
    const prod = await testApp({ config: { env: 'production' } });
    try {
      const { token } = await signUpConfirmed(app);
      expect((await send(token, '+55 11 98765-4321', prod)).json()).toEqual({ errors: { phone: [MSG.invalidPhone] } });
      expect((await send(token, '202555014', prod)).statusCode).toBe(422);
      const number = uniquePhone();
      const ok = await send(token, masked(number), prod);
      expect(ok.statusCode).toBe(201);
      expect(ok.json<Phone>().number).toBe(number);
    } finally {
      await prod.close();
    }
  });

  it('answers 429 after five wrong codes until a new code is sent', async () => {
    const { token } = await atPhoneStep();
    const number = uniquePhone();
    await send(token, number);
    const code = await latestPhoneCode(app, number);
    for (let i = 0; i < 5; i++) expect((await verify(token, number, wrong(code))).statusCode).toBe(422);
    const blocked = await verify(token, number, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: SERVER_MSG.tooManyWrongCodes });
    await post(app, '/api/phones/resend_verification_code', token, { number });
    expect((await verify(token, number, await latestPhoneCode(app, number))).statusCode).toBe(200);
  });

  it('answers 429 after five codes in an hour, over all numbers, and lets the member try again an hour later', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const { token } = await signUpConfirmed(clocked);
      const numbers = [uniquePhone(), uniquePhone()];
      for (let i = 0; i < 5; i++) expect((await send(token, numbers[i % 2]!, clocked)).statusCode).toBe(201);
      const sixth = await send(token, uniquePhone(), clocked);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ error: SERVER_MSG.tooManyCodesSent });
      // Keep the session alive (30 idle minutes) while the hour passes.
      now = new Date('2026-06-01T10:30:00Z');
      await session(token, clocked);
      now = new Date('2026-06-01T10:59:00Z');
      expect((await send(token, numbers[0]!, clocked)).statusCode).toBe(429);
      now = new Date('2026-06-01T11:00:01Z');
      expect((await send(token, numbers[0]!, clocked)).statusCode).toBe(201);
    } finally {
      await clocked.close();
    }
  });

  it('refuses a code after 10 minutes', async () => {
    let now = new Date('2026-06-02T10:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const { token } = await signUpConfirmed(clocked);
      const number = uniquePhone();
      await send(token, number, clocked);
      const code = await latestPhoneCode(clocked, number);
      now = new Date('2026-06-02T10:10:01Z');
      const res = await verify(token, number, code, clocked);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { phone: [SERVER_MSG.verificationCodeExpired] } });
    } finally {
      await clocked.close();
    }
  });

  it('marks a changed number unconfirmed until it is verified', async () => {
    const { token } = await atPhoneStep();
    const first = uniquePhone();
    await send(token, first);
    await verify(token, first, await latestPhoneCode(app, first));
    const again = await send(token, first);
    expect(again.json()).toMatchObject({ number: first, confirmed: true });
    const second = uniquePhone();
    expect((await send(token, second)).json()).toMatchObject({ number: second, confirmed: false, new_status: 'loan_terms' });
    expect(await session(token)).toMatchObject({ phone: second, phone_confirmed: false, workflow_status: 'loan_terms' });
  });

  it('needs a session', async () => {
    const res = await call(app, { method: 'POST', url: '/api/phones', payload: { phone: { number: uniquePhone() } } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.signInRequired });
  });
});

describe('dashboard phone change', () => {
  it('keeps the number on file and the status until the new number is verified', async () => {
    const { token } = await atPhoneStep();
    const onFile = uniquePhone();
    await send(token, onFile);
    await verify(token, onFile, await latestPhoneCode(app, onFile));
    const next = uniquePhone();
    const sent = await post(app, '/api/dashboard/phones', token, { number: next });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ number: next, confirmed: false });
    expect(await session(token)).toMatchObject({ phone: onFile, phone_confirmed: true, workflow_status: 'loan_terms' });
    const bad = await post(app, '/api/dashboard/verify_phone', token, { number: next, code: wrong(await latestPhoneCode(app, next)) });
    expect(bad.json()).toEqual({ errors: { phone: [SERVER_MSG.invalidVerificationCode] } });
    const ok = await post(app, '/api/dashboard/verify_phone', token, { number: next, code: await latestPhoneCode(app, next) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ number: next, confirmed: true, new_status: 'loan_terms' });
    expect(await session(token)).toMatchObject({ phone: next, phone_confirmed: true, workflow_status: 'loan_terms' });
  });
});

describe('phone rate limits', () => {
  it('answers 429 to repeated sends and verifications from one address', async () => {
    const limited = await testApp();
    try {
      const { token } = await signUpConfirmed(limited);
      const number = uniquePhone();
      let last = await post(limited, '/api/phones', token, { number }, '10.96.0.1');
      for (let i = 0; i < 10; i++) last = await post(limited, '/api/phones', token, { number }, '10.96.0.1');
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({ error: SERVER_MSG.tooManyRequests });
      let check = await post(limited, '/api/phones/verify_phone', token, { number, code: '123456' }, '10.96.0.2');
      for (let i = 0; i < 10; i++) check = await post(limited, '/api/phones/verify_phone', token, { number, code: '123456' }, '10.96.0.2');
      expect(check.json()).toEqual({ error: SERVER_MSG.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
