import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxToken } from '../src/adapters/identity/sandbox';
import { applicationMembers, loanBorrowers, userAgreements, workflowTransitions } from '../src/db/schema/index';
import { DEMO_BORROWER, DEMO_STAFF_PASSWORD } from '../src/db/seed';
import {
  PASSWORD,
  auth,
  availableStateId,
  call,
  latestEmailToken,
  login,
  outbox,
  signUp,
  signUpConfirmed,
  signupBody,
  unavailableStateId,
} from './identity-helpers';
import { type TestApp, testApp, uniqueEmail } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const member = async (email: string) => (await db().select().from(applicationMembers).where(eq(applicationMembers.email, email.toLowerCase())))[0]!;
const borrower = async (userId: number) => (await db().select().from(loanBorrowers).where(eq(loanBorrowers.userId, userId)))[0]!;

type Identity = { label: string; email: string; name: string; google_token: string };
const identities = async () => (await app.inject('/api/dev/identities')).json<Identity[]>();
const newPerson = async () => (await identities()).find((i) => i.label.startsWith('New person'))!;
const socialSignupBody = async (googleToken: string) => ({
  application_member: { google_token: googleToken },
  agreements: { privacy_notice: true, consent_eletronic_comunications: true },
  loan_borrower: { state_id: await availableStateId(app) },
});

describe('POST /api/signup with e-mail and password', () => {
  it('creates an unconfirmed account, e-mails a 6-character token with the validation link, and answers 201 without a session', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { res } = await signUp(app, {
      email,
      query: '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&http_referer=https%3A%2F%2Fexample.com%2Fp',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.authorization).toBeUndefined();
    const body = res.json<{ id: number; email: string }>();
    expect(body).toEqual({ id: expect.any(Number), email: email.toLowerCase() });

    const row = await member(email);
    expect(row).toMatchObject({
      email: email.toLowerCase(),
      confirmedAt: null,
      workflowStatus: 'email_confirmation',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      httpReferer: 'https://example.com/p',
      fingerprint: 'fp-test',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await borrower(row.id)).referCode).toMatch(/^[A-Z2-9]{8}$/);
    const transitions = await db().select().from(workflowTransitions).where(eq(workflowTransitions.userId, row.id));
    expect(transitions).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'email_confirmation', event: 'sign_up', actor: 'borrower' })]);
    const agreements = await db().select().from(userAgreements).where(eq(userAgreements.userId, row.id));
    expect(agreements).toHaveLength(2);
    expect(agreements[0]).toMatchObject({ ip: expect.stringMatching(/^10\./), userAgent: 'lightMyRequest' });

    const [mail] = await outbox(app, email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Confirm your Payrail account' });
    const token = await latestEmailToken(app, email);
    expect(token).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail!.body).toContain(`${app.ctx.config.publicUrl}/email_validation`);
    expect(mail!.html).toContain(token);
  });

  it('answers the spec messages for an unavailable or missing state', async () => {
    const closed = await signUp(app, { state_id: await unavailableStateId(app) });
    expect(closed.res.statusCode).toBe(422);
    expect(closed.res.json()).toEqual({ errors: { state_id: [MSG.stateUnavailable] } });
    const unknown = await signUp(app, { state_id: 999 });
    expect(unknown.res.json()).toEqual({ errors: { state_id: [MSG.stateUnavailable] } });
    const payload = await signupBody(app);
    const missing = await call(app, { method: 'POST', url: '/api/signup', payload: { ...payload, loan_borrower: {} } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { state_id: [MSG.stateBlank] } });
  });

  it('takes an existing referral code in any case and refuses a short or unknown one', async () => {
    for (const code of ['abc', 'NOPE-NOT-A-CODE']) {
      const { res } = await signUp(app, { friend_refer_code: code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json(), code).toEqual({ errors: { friend_refer_code: [MSG.referralNotFound] } });
    }
    const { res, email } = await signUp(app, { friend_refer_code: DEMO_BORROWER.referCode.toLowerCase() });
    expect(res.statusCode).toBe(201);
    expect((await borrower((await member(email)).id)).referredBy).toBe(DEMO_BORROWER.referCode);
    expect((await signUp(app, { friend_refer_code: '' })).res.statusCode).toBe(201);
  });

  it('refuses a taken e-mail whatever its case', async () => {
    const { res } = await signUp(app, { email: DEMO_BORROWER.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: [FIELD_MSG.taken] } });
  });

  it('answers Devise-style field errors for the e-mail, the password rules and the confirmation', async () => {
    const bad = await signUp(app, { email: 'not-an-email' });
    expect(bad.res.json()).toEqual({ errors: { email: [FIELD_MSG.invalid] } });
    const short = await signUp(app, { password: 'Ab1' });
    expect(short.res.json<{ errors: { password: string[] } }>().errors.password[0]).toBe(FIELD_MSG.tooShort(8));
    for (const password of ['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Has space 1A']) {
      const { res } = await signUp(app, { password });
      expect(res.json(), password).toEqual({ errors: { password: [FIELD_MSG.passwordComplexity] } });
    }
    const mismatch = await signUp(app, { password_confirmation: 'Sup3r-secreT' });
    expect(mismatch.res.statusCode).toBe(422);
    expect(mismatch.res.json()).toEqual({ errors: { password_confirmation: [FIELD_MSG.confirmationMismatch] } });
  });

  it('names every business problem at once', async () => {
    const { res } = await signUp(app, {
      email: DEMO_BORROWER.email,
      password_confirmation: 'Other-pass-1',
      state_id: await unavailableStateId(app),
      friend_refer_code: 'zzzz',
    });
    expect(res.json()).toEqual({
      errors: {
        email: [FIELD_MSG.taken],
        password_confirmation: [FIELD_MSG.confirmationMismatch],
        state_id: [MSG.stateUnavailable],
        friend_refer_code: [MSG.referralNotFound],
      },
    });
  });

  it('requires both agreements and a blank-free payload', async () => {
    const payload = await signupBody(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/signup',
      payload: { ...payload, agreements: { privacy_notice: true, consent_eletronic_comunications: false } },
    });
    expect(res.json()).toEqual({ errors: { consent_eletronic_comunications: [FIELD_MSG.mustBeAccepted] } });
    const empty = await call(app, { method: 'POST', url: '/api/signup', payload: { ...payload, application_member: {} } });
    expect(empty.json()).toEqual({ errors: { email: [FIELD_MSG.blank], password: [FIELD_MSG.blank], password_confirmation: [FIELD_MSG.blank] } });
  });

  it('refuses an unknown employer', async () => {
    const { res } = await signUp(app, { employer_id: 999_999 });
    expect(res.json()).toEqual({ errors: { employer_id: [FIELD_MSG.invalid] } });
  });
});

describe('POST /api/signup with a social identity', () => {
  it('confirms at once, starts at about_yourself and answers 201 with a session', async () => {
    const person = await newPerson();
    const res = await call(app, { method: 'POST', url: '/api/signup?utm_source=google', payload: await socialSignupBody(person.google_token) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), email: person.email });
    const token = res.headers.authorization as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await call(app, { url: '/api/token_is_valid', headers: auth(token) });
    expect(session.json()).toMatchObject({
      email: person.email,
      workflow_status: 'about_yourself',
      loan_borrower: { first_name: 'Casey', last_name: 'Morgan' },
    });
    const row = await member(person.email);
    expect(row).toMatchObject({ passwordHash: null, confirmedAt: expect.any(Date), utmSource: 'google' });
    expect(await outbox(app, person.email)).toEqual([]);
    // The same identity then signs in; signing up again is refused.
    const again = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { google_token: person.google_token } } });
    expect(again.statusCode).toBe(200);
    const twice = await call(app, { method: 'POST', url: '/api/signup', payload: await socialSignupBody(person.google_token) });
    expect(twice.json()).toEqual({ errors: { email: [FIELD_MSG.taken] } });
  });

  it('refuses a forged or expired identity token', async () => {
    const person = await newPerson();
    const forged = person.google_token.slice(0, -2) + (person.google_token.endsWith('AA') ? 'BB' : 'AA');
    const res = await call(app, { method: 'POST', url: '/api/signup', payload: await socialSignupBody(forged) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { google_token: [FIELD_MSG.invalid] } });
    const later = await testApp({ now: () => new Date(Date.now() + 2 * 3_600_000) });
    try {
      const expired = await later.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '10.77.0.1',
        payload: await socialSignupBody(person.google_token),
      });
      expect(expired.json()).toEqual({ errors: { google_token: [FIELD_MSG.invalid] } });
    } finally {
      await later.close();
    }
  });
});

describe('POST /api/login', () => {
  it('signs the demo borrower in with the spec shape and a 256-bit token', async () => {
    const res = await login(app, 'Borrower@Payrail.test', DEMO_BORROWER.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await member(DEMO_BORROWER.email);
    expect(res.json()).toEqual({
      data: {
        id: row.id,
        email: DEMO_BORROWER.email,
        workflow_status: 'about_yourself',
        loan_type: 'new',
        feedback_rating: false,
        refinancing: false,
        new_flow: false,
        avatar: null,
        loan_borrower: {
          first_name: 'Jordan',
          last_name: 'Rivera',
          employer_id: null,
          refer_code: 'JORDAN25',
          referred_by: null,
          state_id: expect.any(Number),
        },
      },
    });
  });

  it('stores the tracking parameters of the entry URL', async () => {
    const { email } = await signUpConfirmed(app);
    const res = await login(app, email, PASSWORD, '?utm_source=partner&utm_campaign=fall');
    expect(res.statusCode).toBe(200);
    expect(await member(email)).toMatchObject({ utmSource: 'partner', utmCampaign: 'fall', lastSignInAt: expect.any(Date) });
  });

  it('answers the same message for a wrong password and an unknown e-mail', async () => {
    for (const res of [await login(app, DEMO_BORROWER.email, 'Wrong-pass-1'), await login(app, uniqueEmail('nobody'), PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.invalidCredentials });
    }
  });

  it('tells an unconfirmed account to confirm, but only with the right password', async () => {
    const { email } = await signUp(app);
    const res = await login(app, email, PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.unconfirmedEmail });
    expect((await login(app, email, 'Wrong-pass-1')).json()).toEqual({ error: MSG.invalidCredentials });
  });

  it('sends an unknown social identity to sign up', async () => {
    const person = await newPerson();
    const res = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { google_token: person.google_token } } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.noAccountYet });
    const forged = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { google_token: 'sandbox.e30.bad' } } });
    expect(forged.json()).toEqual({ error: MSG.socialSigninError });
  });

  it('links the demo identity of the picker to the demo borrower', async () => {
    const demo = (await identities()).find((i) => i.email === DEMO_BORROWER.email)!;
    const res = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { google_token: demo.google_token } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { email: DEMO_BORROWER.email } });
    expect((await member(DEMO_BORROWER.email)).googleSub).toBe('sandbox-demo-borrower');
    // The password still works for an account that was confirmed before.
    expect((await login(app, DEMO_BORROWER.email, DEMO_BORROWER.password)).statusCode).toBe(200);
  });

  it('confirms an unconfirmed account through a verified social identity and drops the unproven password', async () => {
    const { email } = await signUp(app);
    const secret = await app.ctx.secret('sandbox_identity');
    const token = signSandboxToken(
      secret,
      { subject: `sub-${email}`, email, emailVerified: true, name: null, givenName: null, familyName: null },
      new Date(Date.now() + 600_000),
    );
    const res = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { google_token: token } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { workflow_status: 'about_yourself' } });
    expect(await member(email)).toMatchObject({ confirmedAt: expect.any(Date), passwordHash: null, googleSub: `sub-${email}` });
    expect((await login(app, email, PASSWORD)).json()).toEqual({ error: MSG.invalidCredentials });
    // An identity whose e-mail the provider did not verify never finds the account by e-mail.
    const other = await signUp(app);
    const unverified = signSandboxToken(
      secret,
      { subject: `sub-${other.email}`, email: other.email, emailVerified: false, name: null, givenName: null, familyName: null },
      new Date(Date.now() + 600_000),
    );
    const refused = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { google_token: unverified } } });
    expect(refused.json()).toEqual({ error: MSG.noAccountYet });
  });

  it('answers field errors for a blank payload', async () => {
    const res = await call(app, { method: 'POST', url: '/api/login', payload: { application_member: { email: DEMO_BORROWER.email } } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { password: [FIELD_MSG.blank] } });
  });
});

describe('the session', () => {
  it('answers the session check, accepts a Bearer prefix, and ends on logout', async () => {
    const token = (await login(app, DEMO_BORROWER.email, DEMO_BORROWER.password)).headers.authorization as string;
    const check = await call(app, { url: '/api/token_is_valid', headers: auth(token) });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      id: expect.any(Number),
      email: DEMO_BORROWER.email,
      workflow_status: 'about_yourself',
      eligible_for_refinance: false,
      paid_off: false,
      has_loan: false,
      loan_type: 'new',
      refinancing: false,
      new_flow: false,
      feedback_rating: false,
      not_qualified_reason: null,
      has_nelnet: false,
      has_jack_henry: false,
      avatar: null,
      phone: DEMO_BORROWER.phone,
      phone_confirmed: true,
      email_confirmed: true,
      loan_borrower: {
        nelnet_id: null,
        first_name: 'Jordan',
        last_name: 'Rivera',
        refer_code: 'JORDAN25',
        referred_by: null,
        state_id: expect.any(Number),
        employer_id: null,
      },
    });
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(`Bearer ${token}`) })).statusCode).toBe(200);

    expect((await call(app, { method: 'DELETE', url: '/api/logout', headers: auth(token) })).statusCode).toBe(204);
    const after = await call(app, { url: '/api/token_is_valid', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: MSG.signInRequired });
    expect((await call(app, { method: 'DELETE', url: '/api/logout', headers: auth(token) })).statusCode).toBe(401);
  });

  it('answers 401 with the spec message without a token or with a made-up one', async () => {
    for (const headers of [{}, auth('made-up'), auth('')]) {
      const res = await call(app, { url: '/api/token_is_valid', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.signInRequired });
    }
  });

  it('expires after 30 idle minutes', async () => {
    let now = new Date('2026-03-02T12:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const token = (
        await clocked.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.70.0.1',
          payload: { application_member: { email: DEMO_BORROWER.email, password: DEMO_BORROWER.password } },
        })
      ).headers.authorization as string;
      now = new Date('2026-03-02T12:25:00Z');
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(token) })).statusCode).toBe(200);
      now = new Date('2026-03-02T12:54:00Z');
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(token) })).statusCode).toBe(200);
      now = new Date('2026-03-02T13:25:00Z');
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(token) })).json()).toEqual({ error: MSG.signInRequired });
      now = new Date('2026-03-02T13:26:00Z');
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(token) })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('expires at the absolute limit however active it is', async () => {
    let now = new Date('2026-03-03T00:00:00Z');
    const clocked = await testApp({ now: () => now });
    try {
      const token = (
        await clocked.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.70.0.2',
          payload: { application_member: { email: DEMO_BORROWER.email, password: DEMO_BORROWER.password } },
        })
      ).headers.authorization as string;
      for (let minutes = 20; minutes < 24 * 60; minutes += 20) {
        now = new Date(Date.parse('2026-03-03T00:00:00Z') + minutes * 60_000);
        expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(token) })).statusCode, `${minutes} min`).toBe(200);
      }
      now = new Date('2026-03-04T00:00:01Z');
      expect((await clocked.inject({ url: '/api/token_is_valid', headers: auth(token) })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('keeps staff and borrower tokens apart', async () => {
    const staff = (await call(app, { method: 'POST', url: '/api/backoffice/login', payload: { email: 'admin@payrail.test', password: DEMO_STAFF_PASSWORD } }))
      .headers.authorization as string;
    const borrowerToken = (await login(app, DEMO_BORROWER.email, DEMO_BORROWER.password)).headers.authorization as string;
    expect((await call(app, { url: '/api/backoffice/me', headers: auth(staff) })).statusCode).toBe(200);
    expect((await call(app, { url: '/api/token_is_valid', headers: auth(borrowerToken) })).statusCode).toBe(200);

    for (const url of ['/api/token_is_valid', '/api/notifications', '/api/workflow/navigation_stack']) {
      const res = await call(app, { url, headers: auth(staff) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: MSG.signInRequired });
    }
    expect((await call(app, { url: '/api/backoffice/me', headers: auth(borrowerToken) })).statusCode).toBe(401);
    const link = await call(app, {
      method: 'POST',
      url: '/api/backoffice/presigned_links',
      headers: auth(borrowerToken),
      payload: { email: DEMO_BORROWER.email },
    });
    expect(link.statusCode).toBe(401);
  });
});

describe('POST /api/email (new-flow pre-check)', () => {
  it('answers 200 for a free address or an account with a password, 202 for an unconfirmed one (newflow.int.test.ts has already_started)', async () => {
    const free = await call(app, { method: 'POST', url: '/api/email', payload: { email: uniqueEmail('free') } });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ data: 'no_account' });
    const { email } = await signUp(app);
    const unconfirmed = await call(app, { method: 'POST', url: '/api/email', payload: { email: email.toUpperCase() } });
    expect(unconfirmed.statusCode).toBe(202);
    expect(unconfirmed.json()).toEqual({ data: 'unconfirmed', has_password: true });
    const confirmed = await call(app, { method: 'POST', url: '/api/email', payload: { email: DEMO_BORROWER.email } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: 'password', has_password: true });
    expect((await call(app, { method: 'POST', url: '/api/email', payload: { email: 'nope' } })).json()).toEqual({ errors: { email: [FIELD_MSG.invalid] } });
  });
});

describe('rate limits', () => {
  const hammer = async (limited: TestApp, count: number, opts: InjectOptions) => {
    let last = await limited.inject(opts);
    for (let i = 1; i < count; i++) last = await limited.inject(opts);
    return last;
  };

  it('answers 429 to repeated sign-in, sign-up and pre-check calls from one address', async () => {
    const limited = await testApp();
    try {
      // Another address each time would meet the per-account lockout instead; an unknown e-mail keeps this about the IP.
      const signin = await hammer(limited, 11, {
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.99.0.1',
        payload: { application_member: { email: uniqueEmail('hammer'), password: 'Wrong-pass-1' } },
      });
      expect(signin.statusCode).toBe(429);
      expect(signin.json()).toEqual({ error: expect.any(String) });
      const signup = await hammer(limited, 11, {
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '10.99.0.2',
        payload: await signupBody(limited, { email: DEMO_BORROWER.email }),
      });
      expect(signup.statusCode).toBe(429);
      const precheck = await hammer(limited, 21, { method: 'POST', url: '/api/email', remoteAddress: '10.99.0.3', payload: { email: DEMO_BORROWER.email } });
      expect(precheck.statusCode).toBe(429);
      // Another address is not affected.
      expect(
        (await limited.inject({ method: 'POST', url: '/api/email', remoteAddress: '10.99.0.4', payload: { email: DEMO_BORROWER.email } })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
