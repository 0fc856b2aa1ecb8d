import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD } from '../src/db/seed';
import { auth, call, outbox, signUp, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const staff = async (target: TestApp, email: string) =>
  (await target.inject({ method: 'POST', url: '/api/backoffice/login', remoteAddress: '10.50.0.1', payload: { email, password: DEMO_STAFF_PASSWORD } })).headers
    .authorization as string;
const create = (target: TestApp, token: string, payload: Record<string, unknown>) =>
  call(target, { method: 'POST', url: '/api/backoffice/presigned_links', headers: auth(token), payload });

/** The code of the newest pre-signed link e-mailed to `email`. */
async function linkCode(target: TestApp, email: string): Promise<string> {
  const mail = (await outbox(target, email)).find((m) => m.subject === 'Continue your Payrail application');
  const code = mail && new RegExp(`${target.ctx.config.publicUrl}/c/([A-Za-z0-9_-]{43})`).exec(mail.body)?.[1];
  if (!code) throw new Error('no link e-mail');
  return code;
}

describe('pre-signed links', () => {
  it('lets an underwriter e-mail a link that signs the member in once', async () => {
    const { email, token: classicToken } = await signUpConfirmed(app);
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(classicToken) })).json()).toMatchObject({ email, new_flow: false });
    const res = await create(app, await staff(app, 'underwriter@payrail.test'), { email: email.toUpperCase(), new_flow: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), email, new_flow: true, expires_at: expect.any(String) });
    expect(JSON.stringify(res.json())).not.toMatch(/\/c\//);
    const code = await linkCode(app, email);

    const open = await call(app, { url: `/api/c/${code}` });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ new_flow: true, email, workflow_status: 'about_yourself' });
    const token = open.headers.authorization as string;
    // A new-flow link moves the account onto the new flow: the session check says so from now on.
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(token) })).json()).toMatchObject({ email, new_flow: true });

    const again = await call(app, { url: `/api/c/${code}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: SERVER_MSG.invalidLink });
  });

  it('confirms the e-mail of an unconfirmed member, since the link went to that mailbox', async () => {
    const { email } = await signUp(app);
    await create(app, await staff(app, 'admin@payrail.test'), { email });
    const open = await call(app, { url: `/api/c/${await linkCode(app, email)}` });
    expect(open.json()).toEqual({ new_flow: false, email, workflow_status: 'about_yourself' });
    expect((await app.ctx.repos.identity.findMemberByEmail(email))!.confirmedAt).toBeInstanceOf(Date);
    expect((await app.ctx.repos.identity.findMemberByEmail(email))!.newFlow).toBe(false);
  });

  it('refuses an unknown or expired link', async () => {
    expect((await call(app, { url: '/api/c/not-a-real-code' })).json()).toEqual({ error: SERVER_MSG.invalidLink });
    let now = new Date('2026-07-01T00:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const { email } = await signUpConfirmed(clocked);
      await create(clocked, await staff(clocked, 'admin@payrail.test'), { email });
      const code = await linkCode(clocked, email);
      now = new Date('2026-07-04T00:00:01Z');
      const res = await clocked.inject({ url: `/api/c/${code}`, remoteAddress: '10.50.0.2' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SERVER_MSG.invalidLink });
    } finally {
      await clocked.close();
    }
  });

  it('is for admins and underwriters only, and for existing members only', async () => {
    const { email } = await signUpConfirmed(app);
    const servicer = await create(app, await staff(app, 'servicer@payrail.test'), { email });
    expect(servicer.statusCode).toBe(403);
    expect(servicer.json()).toEqual({ error: MSG.forbidden });
    const anonymous = await create(app, '', { email });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await create(app, await staff(app, 'admin@payrail.test'), { email: uniqueEmail('ghost') });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { email: [FIELD_MSG.notFound] } });
  });

  it('answers 429 to repeated link guesses from one address', async () => {
    const limited = await testApp();
    try {
      let last = await limited.inject({ url: '/api/c/guess', remoteAddress: '10.95.0.1' });
      for (let i = 0; i < 10; i++) last = await limited.inject({ url: '/api/c/guess', remoteAddress: '10.95.0.1' });
      expect(last.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
