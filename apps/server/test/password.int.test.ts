import { UNCONFIRMED_EMAIL_CODE } from '@payrail/contract/identity';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, auth, call, confirmEmail, login, newflowSignUp, outbox, signUp, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const NEW_PASSWORD = 'N3w-password';
const forgot = (target: TestApp, email: string, remoteAddress?: string) =>
  remoteAddress
    ? target.inject({ method: 'POST', url: '/api/password', remoteAddress, payload: { application_member: { email, lang: 'en' } } })
    : call(target, { method: 'POST', url: '/api/password', payload: { application_member: { email, lang: 'en' } } });
const reset = (target: TestApp, fields: Record<string, string>) =>
  call(target, { method: 'PATCH', url: '/api/password', payload: { application_member: fields } });

/** The reset token from the newest reset e-mail. */
async function resetToken(target: TestApp, email: string): Promise<string> {
  const mail = (await outbox(target, email)).find((m) => m.subject === 'Reset your Payrail password');
  const token = mail && new RegExp(`${target.ctx.config.publicUrl}/forgot_password/([A-Za-z0-9_-]{43})`).exec(mail.body)?.[1];
  if (!token) throw new Error('no reset e-mail');
  return token;
}

describe('forgot password (POST /api/password)', () => {
  it('e-mails a link to /forgot_password/{token}', async () => {
    const { email } = await signUpConfirmed(app);
    const res = await forgot(app, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect(await resetToken(app, email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("e-mails a new-flow account the new flow's reset page, whose token resets the password", async () => {
    const { res: signedUp, email } = await newflowSignUp(app, { emailPrefix: 'nf-reset' });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect((await confirmEmail(app, email)).statusCode).toBe(200);
    expect((await forgot(app, email)).statusCode).toBe(200);
    const mail = (await outbox(app, email)).find((m) => m.subject === 'Reset your Payrail password');
    const token =
      mail && new RegExp(`${app.ctx.config.publicUrl}/application/newflow/reset_password/auth\\?reset_password_token=([A-Za-z0-9_-]{43})`).exec(mail.body)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.body).not.toContain('/forgot_password/');
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: token! })).statusCode).toBe(200);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers not found for an unknown e-mail and the unconfirmed code for an unconfirmed account', async () => {
    const unknown = await forgot(app, uniqueEmail('ghost'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { email: [FIELD_MSG.notFound] } });
    const { email } = await signUp(app);
    const unconfirmed = await forgot(app, email);
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toEqual({ code: UNCONFIRMED_EMAIL_CODE, error: MSG.unconfirmedEmail });
  });
});

describe('reset password (PATCH /api/password)', () => {
  it('sets the new password once, signs out every session, and refuses the token a second time', async () => {
    const { email, token: session } = await signUpConfirmed(app);
    await forgot(app, email);
    const token = await resetToken(app, email);
    const res = await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(session) })).statusCode).toBe(401);
    expect((await login(app, email, PASSWORD)).json()).toEqual({ error: MSG.invalidCredentials });
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(app, { password: 'An0ther-pass', password_confirmation: 'An0ther-pass', reset_password_token: token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { reset_password_token: [FIELD_MSG.invalid] } });
  });

  it('answers field errors for the password, its confirmation and the token', async () => {
    const { email } = await signUpConfirmed(app);
    await forgot(app, email);
    const token = await resetToken(app, email);
    expect((await reset(app, { password: 'weakpass', password_confirmation: 'weakpass', reset_password_token: token })).json()).toEqual({
      errors: { password: [FIELD_MSG.passwordComplexity] },
    });
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: 'N3w-passwordX', reset_password_token: token })).json()).toEqual({
      errors: { password_confirmation: [FIELD_MSG.confirmationMismatch] },
    });
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: 'not-a-token' })).json()).toEqual({
      errors: { reset_password_token: [FIELD_MSG.invalid] },
    });
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: 'x', reset_password_token: 'not-a-token' })).json()).toEqual({
      errors: { password_confirmation: [FIELD_MSG.confirmationMismatch], reset_password_token: [FIELD_MSG.invalid] },
    });
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: '' })).json()).toEqual({
      errors: { reset_password_token: [FIELD_MSG.blank] },
    });
    // The token survived the failed attempts.
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: token })).statusCode).toBe(200);
  });

  it('retires an older link when a new one is asked for', async () => {
    const { email } = await signUpConfirmed(app);
    await forgot(app, email);
    const first = await resetToken(app, email);
    await forgot(app, email);
    const second = await resetToken(app, email);
    expect(second).not.toBe(first);
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: first })).json()).toEqual({
      errors: { reset_password_token: [FIELD_MSG.invalid] },
    });
    expect((await reset(app, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: second })).statusCode).toBe(200);
  });

  it('refuses a link after six hours', async () => {
    let now = new Date('2026-05-01T09:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const { email } = await signUpConfirmed(clocked);
      await forgot(clocked, email);
      const token = await resetToken(clocked, email);
      now = new Date('2026-05-01T15:00:01Z');
      const res = await reset(clocked, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: token });
      expect(res.json()).toEqual({ errors: { reset_password_token: [FIELD_MSG.tokenExpired] } });
    } finally {
      await clocked.close();
    }
  });

  it('answers 429 to repeated reset requests from one address', async () => {
    const limited = await testApp();
    try {
      let last = await forgot(limited, 'nobody@example.com', '10.97.0.1');
      for (let i = 0; i < 5; i++) last = await forgot(limited, 'nobody@example.com', '10.97.0.1');
      expect(last.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
