import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYER_ADMIN, seedDemoEmployerAdmin } from '../src/db/seed-demo-employer-admin';
import { employerActions, employerUsers, staffActions } from '../src/db/schema/index';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { staffToken } from './application-helpers';
import { auth, call, outbox } from './identity-helpers';
import { employerSession, partnerEmployer, totpCode, uniqueEmployerEmail } from './support/employer-portal';
import { type TestApp, testApp } from './test-app';

/**
 * Employer portal accounts (issue #31, docs/security.md "Employer portal"): invitation from the back office,
 * acceptance with TOTP enrolment, two-step sign-in, replay refusal, recovery codes, lockout, expiry,
 * disabling, and the staff capability. The app's clock is the test's (`clock`), so TOTP codes are computed
 * for the instant the server checks them.
 */
let app: TestApp;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};
/** A fresh staff session (this file moves the clock by days: a session from the start would have expired). */
const staff = async (role: 'admin' | 'servicer' | 'underwriter') => auth(await staffToken(app, `${role}@payrail.test`));
const P = '/api/employer_portal';
const B = '/api/backoffice';

beforeAll(async () => {
  app = await testApp({ now: () => new Date(clock) });
});
afterAll(() => app.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) => call(app, { method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => call(app, { url, headers });

/** Invites `email` to `employerId` as the admin; answers the raw token read from the e-mail. */
async function invite(employerId: number, email: string): Promise<string> {
  const res = await post(`${B}/employers/${employerId}/invitations`, { email }, await staff('admin'));
  expect(res.statusCode, res.body).toBe(201);
  const mail = (await outbox(app, email))[0];
  expect(mail?.subject).toBe('Your Payrail employer portal invitation');
  const token = /\/employer\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

type Enrolment = { secret: string; otpauth_uri: string; qr_svg: string; enrolment_token: string };

/** Invitation accepted and TOTP confirmed: an active account; answers its secret, password and recovery codes. */
async function activeAccount(employerId: number) {
  const email = uniqueEmployerEmail();
  const token = await invite(employerId, email);
  const password = 'Payroll-admin-9';
  const accepted = await post(`${P}/invitations/accept`, { token, name: 'Pat Payroll', password });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const enrolment = accepted.json<Enrolment>();
  const confirmed = await post(`${P}/totp/confirm`, { code: totpCode(enrolment.secret, clock) }, auth(enrolment.enrolment_token));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  advance(30_000); // the enrolment code's step is spent
  return {
    email,
    password,
    secret: enrolment.secret,
    recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes,
    session: confirmed.headers.authorization as string,
  };
}

async function challengeFor(email: string, password: string): Promise<string> {
  const res = await post(`${P}/login`, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ second_factor_required: true, enrolment_required: false });
  return res.json<{ challenge: string }>().challenge;
}

const actionsOf = async (email: string) => {
  const [user] = await app.ctx.database.db.select().from(employerUsers).where(eq(employerUsers.email, email));
  return (await app.ctx.database.db.select().from(employerActions).where(eq(employerActions.employerUserId, user!.id))).map((a) => ({
    action: a.action,
    after: a.after,
  }));
};

describe('invitation → acceptance → TOTP enrolment', () => {
  it('creates an active account whose first session works, and audits each step', async () => {
    const employer = await partnerEmployer(app, 'Invite Co');
    const email = uniqueEmployerEmail('Invitee').toUpperCase();
    const token = await invite(employer.id, email.toLowerCase());

    // The staff action is audited, with the contract's snapshot.
    const staffRows = await app.ctx.database.db.select().from(staffActions).where(eq(staffActions.action, 'employer_user_invited'));
    expect(staffRows.some((r) => r.after['email'] === email.toLowerCase() && r.after['employer_id'] === employer.id)).toBe(true);
    expect(await expectSnapshotsMatchContract(app)).toContain('employer_user_invited');

    const info = await get(`${P}/invitations/${token}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({ email: email.toLowerCase(), employer_name: employer.name, expires_at: new Date(clock + 7 * 86_400_000).toISOString() });
    expect((await get(`${P}/invitations/not-a-real-token`)).json()).toEqual({
      error: 'This invitation link is not valid. Check that you opened the whole link from the e-mail.',
    });

    // The password follows the borrowers' rules.
    const weak = await post(`${P}/invitations/accept`, { token, name: 'Pat', password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeDefined();

    const accepted = await post(`${P}/invitations/accept`, { token, name: 'Pat Payroll', password: 'Payroll-admin-9' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const enrolment = accepted.json<Enrolment>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/Payrail%20Employer%20Portal:.+\?issuer=Payrail%20Employer%20Portal&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(enrolment.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The secret is sealed at rest.
    const [row] = await app.ctx.database.db.select().from(employerUsers).where(eq(employerUsers.email, email.toLowerCase()));
    expect(row!.totpSecret).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row!.totpSecret).not.toContain(enrolment.secret);
    expect(row!.totpEnrolledAt).toBeNull();

    // The invitation is spent; the enrolment token is no session yet.
    expect((await post(`${P}/invitations/accept`, { token, name: 'Pat', password: 'Payroll-admin-9' })).json()).toEqual({
      error: 'This invitation has already been used. Sign in with your e-mail and password.',
      reason: 'used',
    });
    expect((await get(`${P}/me`, auth(enrolment.enrolment_token))).statusCode).toBe(401);

    const wrong = await post(`${P}/totp/confirm`, { code: totpCode(enrolment.secret, clock + 5 * 60_000) }, auth(enrolment.enrolment_token));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      error: 'That code is not right. Check that the app shows the Payrail Employer Portal entry and enter its current 6-digit code.',
      errors: { code: ['That code is not right. Check that the app shows the Payrail Employer Portal entry and enter its current 6-digit code.'] },
    });

    const confirmed = await post(`${P}/totp/confirm`, { code: totpCode(enrolment.secret, clock) }, auth(enrolment.enrolment_token));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json<{ user: unknown; recovery_codes: string[] }>();
    expect(body.user).toEqual({ id: row!.id, employer_id: employer.id, employer_name: employer.name, email: email.toLowerCase(), name: 'Pat Payroll' });
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const c of body.recovery_codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const session = confirmed.headers.authorization as string;
    expect((await get(`${P}/me`, auth(session))).json()).toEqual(body.user);
    // The enrolment token was used up.
    expect((await post(`${P}/totp/confirm`, { code: totpCode(enrolment.secret, clock + 30_000) }, auth(enrolment.enrolment_token))).statusCode).toBe(401);

    expect((await actionsOf(email.toLowerCase())).map((a) => a.action)).toEqual(['invitation_accepted', 'totp_enrolment_failed', 'totp_enrolled', 'signed_in']);
  });

  it('refuses an expired or revoked invitation with a clear message', async () => {
    const employer = await partnerEmployer(app, 'Expiry Co');
    const late = await invite(employer.id, uniqueEmployerEmail());
    const revokedEmail = uniqueEmployerEmail();
    const revoked = await invite(employer.id, revokedEmail);

    const detail = await get(`${B}/employers/${employer.id}`, await staff('servicer'));
    const inv = detail.json<{ invitations: { id: number; email: string; status: string }[] }>().invitations.find((i) => i.email === revokedEmail)!;
    expect(inv.status).toBe('pending');
    const res = await post(`${B}/employers/${employer.id}/invitations/${inv.id}/revoke`, {}, await staff('servicer'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ invitations: { id: number; status: string }[] }>().invitations.find((i) => i.id === inv.id)!.status).toBe('revoked');
    expect((await post(`${B}/employers/${employer.id}/invitations/${inv.id}/revoke`, {}, await staff('servicer'))).statusCode).toBe(409);
    // Another employer's id does not reach it.
    const other = await partnerEmployer(app, 'Other Co');
    expect((await post(`${B}/employers/${other.id}/invitations/${inv.id}/revoke`, {}, await staff('servicer'))).statusCode).toBe(404);

    expect((await get(`${P}/invitations/${revoked}`)).json()).toEqual({
      error: 'This invitation was withdrawn. Ask your Payrail contact to send you a new one.',
      reason: 'revoked',
    });
    expect((await post(`${P}/invitations/accept`, { token: revoked, name: 'Pat', password: 'Payroll-admin-9' })).statusCode).toBe(409);

    advance(7 * 86_400_000 + 1000);
    const expired = await get(`${P}/invitations/${late}`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ error: 'This invitation has expired. Ask your Payrail contact to send you a new one.', reason: 'expired' });
    expect((await post(`${P}/invitations/accept`, { token: late, name: 'Pat', password: 'Payroll-admin-9' })).json().reason).toBe('expired');
  });

  it('refuses a second account or a second open invitation for one address', async () => {
    const employer = await partnerEmployer(app, 'Dup Co');
    const email = uniqueEmployerEmail();
    await invite(employer.id, email);
    const again = await post(`${B}/employers/${employer.id}/invitations`, { email }, await staff('admin'));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['An invitation to this e-mail address is already pending. Revoke it first to send a new one.']);
    const existing = await employerSession(app, employer.id);
    const taken = await post(`${B}/employers/${employer.id}/invitations`, { email: existing.email }, await staff('admin'));
    expect(taken.json().errors.email).toEqual(['This e-mail address already has an employer portal account.']);
    expect((await post(`${B}/employers/2147483000/invitations`, { email: uniqueEmployerEmail() }, await staff('admin'))).statusCode).toBe(404);
  });
});

describe('sign-in with password and TOTP', () => {
  it('opens a session with a current code, accepts ±1 step, and never takes a code twice', async () => {
    const employer = await partnerEmployer(app, 'Sign Co');
    const acct = await activeAccount(employer.id);

    const wrongPassword = await post(`${P}/login`, { email: acct.email, password: 'Wrong-password-1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password.' });
    expect((await post(`${P}/login`, { email: uniqueEmployerEmail(), password: 'Wrong-password-1' })).json()).toEqual({ error: 'Invalid email or password.' });

    const challenge = await challengeFor(acct.email, acct.password);
    // The challenge is not a session.
    expect((await get(`${P}/me`, auth(challenge))).statusCode).toBe(401);
    const code = totpCode(acct.secret, clock);
    const ok = await post(`${P}/login/otp`, { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ employer_id: employer.id, email: acct.email });
    const session = ok.headers.authorization as string;
    expect(session).toBeTruthy();
    expect(session).not.toBe(challenge);
    expect((await get(`${P}/me`, auth(session))).statusCode).toBe(200);
    // The challenge was used up.
    expect((await post(`${P}/login/otp`, { challenge, code: totpCode(acct.secret, clock + 30_000) })).statusCode).toBe(401);

    // The same code again (replay) is refused, even with a fresh challenge.
    const replay = await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'That code was already used. Wait for the next code in your authenticator app.' });

    // Two steps later: the previous step's code (clock drift, -1) is still accepted once, then the current one.
    advance(60_000);
    const prev = await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), code: totpCode(acct.secret, clock - 30_000) });
    expect(prev.statusCode, prev.body).toBe(200);
    const now = await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), code: totpCode(acct.secret, clock) });
    expect(now.statusCode, now.body).toBe(200);
    // An older step, even inside the window, is refused after a later one was taken.
    expect(
      (await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), code: totpCode(acct.secret, clock - 30_000) })).statusCode,
    ).toBe(401);
    // Two steps away is outside the window.
    advance(30_000);
    expect(
      (await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), code: totpCode(acct.secret, clock + 60_000) })).statusCode,
    ).toBe(401);

    const actions = (await actionsOf(acct.email)).map((a) => a.action);
    expect(actions.filter((a) => a === 'signed_in')).toHaveLength(4); // enrolment + three code sign-ins
    expect(actions.filter((a) => a === 'sign_in_failed')).toHaveLength(4); // wrong password, replay, old step, outside the window

    // Logout ends the session.
    expect((await call(app, { method: 'DELETE', url: `${P}/logout`, headers: auth(session) })).statusCode).toBe(204);
    expect((await get(`${P}/me`, auth(session))).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const employer = await partnerEmployer(app, 'Recovery Co');
    const acct = await activeAccount(employer.id);
    const typed = acct.recoveryCodes[3]!.toLowerCase(); // any case, with the dash
    const ok = await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), recovery_code: typed });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await post(`${P}/login/otp`, {
      challenge: await challengeFor(acct.email, acct.password),
      recovery_code: acct.recoveryCodes[3]!.replace('-', ''),
    });
    expect(again.statusCode).toBe(401);
    const actions = await actionsOf(acct.email);
    expect(actions.find((a) => a.action === 'signed_in' && a.after['method'] === 'recovery_code')?.after['recovery_codes_left']).toBe(9);
    expect((await post(`${P}/login/otp`, { challenge: 'x', code: '123456', recovery_code: 'ABCDEFGHJK' })).statusCode).toBe(422);
  });

  it('locks the account after five attempts, wrong codes included, and audits the lockout', async () => {
    const employer = await partnerEmployer(app, 'Lockout Co');
    const acct = await activeAccount(employer.id);
    expect((await post(`${P}/login`, { email: acct.email, password: 'Wrong-password-1' })).statusCode).toBe(401);
    expect((await post(`${P}/login`, { email: acct.email, password: 'Wrong-password-2' })).statusCode).toBe(401);
    const challenge = await challengeFor(acct.email, acct.password); // 3
    expect((await post(`${P}/login/otp`, { challenge, code: totpCode(acct.secret, clock + 10 * 60_000) })).statusCode).toBe(401); // 4
    expect((await post(`${P}/login/otp`, { challenge, code: totpCode(acct.secret, clock + 20 * 60_000) })).statusCode).toBe(401); // 5
    // The sixth attempt, even with the right code, is refused with Retry-After.
    const locked: LightMyRequestResponse = await post(`${P}/login/otp`, { challenge, code: totpCode(acct.secret, clock) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(`${P}/login`, { email: acct.email, password: acct.password })).statusCode).toBe(429);
    expect((await actionsOf(acct.email)).some((a) => a.action === 'sign_in_locked_out')).toBe(true);
    // After the lockout, the right password and code sign in.
    advance(61_000);
    const ok = await post(`${P}/login/otp`, { challenge: await challengeFor(acct.email, acct.password), code: totpCode(acct.secret, clock) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('restarts the set-up of an account that accepted the invitation but never confirmed a code', async () => {
    const employer = await partnerEmployer(app, 'Unfinished Co');
    const email = uniqueEmployerEmail();
    const token = await invite(employer.id, email);
    expect((await post(`${P}/invitations/accept`, { token, name: 'Sam', password: 'Payroll-admin-9' })).statusCode).toBe(200);
    const login = await post(`${P}/login`, { email, password: 'Payroll-admin-9' });
    expect(login.json()).toMatchObject({ second_factor_required: true, enrolment_required: true });
    const challenge = login.json<{ challenge: string }>().challenge;
    expect((await post(`${P}/login/otp`, { challenge, code: '123456' })).statusCode).toBe(409);
    const enrolment = await post(`${P}/totp/enrol`, { challenge });
    expect(enrolment.statusCode, enrolment.body).toBe(200);
    const { secret, enrolment_token } = enrolment.json<Enrolment>();
    const confirmed = await post(`${P}/totp/confirm`, { code: totpCode(secret, clock) }, auth(enrolment_token));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const listed = (await get(`${B}/employers/${employer.id}`, await staff('admin')))
      .json<{ users: { email: string; status: string; last_sign_in_at: string | null }[] }>()
      .users.find((u) => u.email === email);
    expect(listed).toMatchObject({ status: 'active', last_sign_in_at: new Date(clock).toISOString() });
  });
});

describe('sessions', () => {
  it('expire when idle and at the absolute limit', async () => {
    const employer = await partnerEmployer(app, 'Expiry Session Co');
    const { idleMinutes, absoluteHours } = app.ctx.config.staffSession;
    const idle = await employerSession(app, employer.id);
    advance((idleMinutes - 1) * 60_000);
    expect((await get(`${P}/me`, idle.headers)).statusCode).toBe(200);
    advance((idleMinutes + 1) * 60_000);
    const expired = await get(`${P}/me`, idle.headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'Your session expired. Please sign in again.' });

    const busy = await employerSession(app, employer.id);
    const start = clock;
    while (clock - start < absoluteHours * 3_600_000 - idleMinutes * 60_000) {
      advance((idleMinutes - 1) * 60_000);
      expect((await get(`${P}/me`, busy.headers)).statusCode).toBe(200);
    }
    advance(idleMinutes * 60_000);
    expect((await get(`${P}/me`, busy.headers)).statusCode).toBe(401);
  });

  it('end for a disabled user, who can no longer sign in', async () => {
    const employer = await partnerEmployer(app, 'Disable Co');
    const acct = await activeAccount(employer.id);
    expect((await get(`${P}/me`, auth(acct.session))).statusCode).toBe(200);
    const users = (await get(`${B}/employers/${employer.id}`, await staff('admin'))).json<{ users: { id: number; email: string }[] }>().users;
    const id = users.find((u) => u.email === acct.email)!.id;
    const other = await partnerEmployer(app, 'Not Yours Co');
    expect((await post(`${B}/employers/${other.id}/users/${id}/disable`, {}, await staff('admin'))).statusCode).toBe(404);
    const res = await post(`${B}/employers/${employer.id}/users/${id}/disable`, {}, await staff('admin'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ users: { id: number; status: string }[] }>().users.find((u) => u.id === id)!.status).toBe('disabled');
    expect((await post(`${B}/employers/${employer.id}/users/${id}/disable`, {}, await staff('admin'))).statusCode).toBe(409);
    expect((await get(`${P}/me`, auth(acct.session))).statusCode).toBe(401);
    expect((await post(`${P}/login`, { email: acct.email, password: acct.password })).json()).toEqual({ error: 'Invalid email or password.' });
    expect((await actionsOf(acct.email)).at(-1)).toEqual({ action: 'sign_in_failed', after: { step: 'password', reason: 'disabled' } });
    expect(await expectSnapshotsMatchContract(app)).toContain('employer_user_disabled');
  });
});

describe('the back office', () => {
  it('lists employers b2b partners first, for the roles holding manageEmployerUsers only', async () => {
    const employer = await partnerEmployer(app, 'Listed Co');
    const list = await get(`${B}/employers`, await staff('servicer'));
    expect(list.statusCode, list.body).toBe(200);
    const employers = list.json<{ employers: { id: number; partnership: string | null }[] }>().employers;
    const firstOther = employers.findIndex((e) => e.partnership === null);
    const lastPartner = employers.map((e) => e.partnership).lastIndexOf('b2b_partner');
    expect(firstOther === -1 || lastPartner < firstOther).toBe(true);
    expect(employers.some((e) => e.id === employer.id)).toBe(true);

    for (const req of [
      { url: `${B}/employers` },
      { url: `${B}/employers/${employer.id}` },
      { method: 'POST' as const, url: `${B}/employers/${employer.id}/invitations`, payload: { email: uniqueEmployerEmail() } },
      { method: 'POST' as const, url: `${B}/employers/${employer.id}/invitations/1/revoke` },
      { method: 'POST' as const, url: `${B}/employers/${employer.id}/users/1/disable` },
    ]) {
      expect((await call(app, { ...req, headers: await staff('underwriter') })).statusCode, req.url).toBe(403);
      expect((await call(app, req)).statusCode, req.url).toBe(401);
    }
  });
});

describe('the audit trail', () => {
  it('is append-only', async () => {
    const employer = await partnerEmployer(app, 'Audit Co');
    const s = await employerSession(app, employer.id);
    await app.ctx.repos.employerAccounts.audit({
      user: { id: s.userId, employer_id: employer.id },
      action: 'test_action',
      after: { ok: true },
      at: new Date(clock),
    });
    const db = app.ctx.database.db;
    await expect(db.update(employerActions).set({ action: 'changed' }).where(eq(employerActions.employerUserId, s.userId))).rejects.toThrow();
    await expect(
      db.delete(employerActions).where(and(eq(employerActions.employerUserId, s.userId), eq(employerActions.action, 'test_action'))),
    ).rejects.toThrow();
    for (const statement of ['TRUNCATE employer_actions', 'DELETE FROM employer_actions', 'UPDATE employer_actions SET action = action']) {
      await expect(db.execute(sql.raw(statement)), statement).rejects.toThrow();
    }
    expect(await app.ctx.repos.employerAccounts.listActions(employer.id)).toHaveLength(1);
  });
});

describe('the demo administrator', () => {
  it('is seeded once at the demo partner and signs in with the published password and TOTP secret', async () => {
    await seedDemoEmployerAdmin(app.ctx);
    await seedDemoEmployerAdmin(app.ctx);
    const rows = await app.ctx.database.db.select().from(employerUsers).where(eq(employerUsers.email, DEMO_EMPLOYER_ADMIN.email));
    expect(rows).toHaveLength(1);
    const challenge = await challengeFor(DEMO_EMPLOYER_ADMIN.email, DEMO_EMPLOYER_ADMIN.password);
    const res = await post(`${P}/login/otp`, { challenge, code: totpCode(DEMO_EMPLOYER_ADMIN.totpSecret, clock) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'hr@acme.example', employer_name: 'Acme Logistics' });
  });
});
