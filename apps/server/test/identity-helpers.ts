import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';
import { uniqueEmail } from './test-app';

/** A password that passes every rule. */
export const PASSWORD = 'Sup3r-secret';

/**
 * Per-IP rate limits would trip when one file signs up dozens of people from 127.0.0.1; every helper
 * call comes from its own address, and the rate-limit tests pin one on purpose.
 */
export function randomIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

export const auth = (token: string) => ({ authorization: token });

/** `app.inject` from a fresh address. */
export function call(app: TestApp, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ remoteAddress: randomIp(), ...opts });
}

type Outbox = { id: number; channel: string; to: string; subject: string | null; body: string; html: string | null }[];

export async function outbox(app: TestApp, to: string): Promise<Outbox> {
  return (await app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json<Outbox>();
}

/** The confirmation token of the newest confirmation e-mail sent to `email`. */
export async function latestEmailToken(app: TestApp, email: string): Promise<string> {
  const mail = (await outbox(app, email)).find((m) => m.subject === 'Confirm your Payrail account');
  const token = mail && /confirmation code is ([A-Z0-9]{6})/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no confirmation e-mail for ${email}`);
  return token;
}

/** The code of the newest text sent to `phone`. */
export async function latestPhoneCode(app: TestApp, phone: string): Promise<string> {
  const sms = await outbox(app, phone);
  const code = sms[0] && /code is (\d{6})/.exec(sms[0].body)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

let states: Promise<{ id: number; abbreviation: string; is_available: boolean }[]> | undefined;
async function allStates(app: TestApp) {
  states ??= app.inject('/api/states').then((r) => r.json());
  return states;
}
export const availableStateId = async (app: TestApp) => (await allStates(app)).find((s) => s.is_available)!.id;
export const unavailableStateId = async (app: TestApp) => (await allStates(app)).find((s) => !s.is_available)!.id;

export type SignupOverrides = {
  email?: string;
  password?: string;
  password_confirmation?: string;
  state_id?: number;
  friend_refer_code?: string;
  employer_id?: number;
  query?: string;
};

export async function signupBody(app: TestApp, o: SignupOverrides = {}) {
  const email = o.email ?? uniqueEmail('signup');
  return {
    application_member: { email, password: o.password ?? PASSWORD, password_confirmation: o.password_confirmation ?? o.password ?? PASSWORD },
    fingerprint: 'fp-test',
    agreements: { privacy_notice: true, consent_eletronic_comunications: true },
    loan_borrower: {
      state_id: o.state_id ?? (await availableStateId(app)),
      ...(o.employer_id ? { employer_id: o.employer_id } : {}),
      ...(o.friend_refer_code !== undefined ? { friend_refer_code: o.friend_refer_code } : {}),
    },
  };
}

/** Signs up with e-mail and password; answers the response and the e-mail used. */
export async function signUp(app: TestApp, o: SignupOverrides = {}) {
  const payload = await signupBody(app, o);
  const res = await call(app, { method: 'POST', url: `/api/signup${o.query ?? ''}`, payload });
  return { res, email: payload.application_member.email };
}

/** Signs up and confirms through the outbox; answers the session token from the confirmation. */
export async function signUpConfirmed(app: TestApp, o: SignupOverrides = {}): Promise<{ email: string; token: string; id: number }> {
  const { res, email } = await signUp(app, o);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const token = await latestEmailToken(app, email);
  const confirmed = await call(app, { url: `/api/confirmation?confirmation_token=${token}` });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  return { email, token: confirmed.headers.authorization as string, id: res.json<{ id: number }>().id };
}

export function login(app: TestApp, email: string, password: string, query = '') {
  return call(app, { method: 'POST', url: `/api/login${query}`, payload: { application_member: { email, password } } });
}

/** A valid US mobile number (area code 202) that other tests are unlikely to use. */
export function uniquePhone(): string {
  const exchange = Math.floor(Math.random() * 8) + 2;
  const rest = Math.floor(Math.random() * 1_000_000);
  return `+1202${exchange}${String(rest).padStart(6, '0')}`;
}

/** Signs up for the new flow (Check Your Rate: no password, the loan asked for); answers the response and the e-mail used. */
export async function newflowSignUp(app: TestApp, o: { emailPrefix?: string; loan?: Record<string, unknown> } = {}) {
  const email = uniqueEmail(o.emailPrefix ?? 'nf');
  const res = await call(app, {
    method: 'POST',
    url: '/api/signup',
    payload: {
      application_member: { email },
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: await availableStateId(app) },
      loan: o.loan ?? { amount: 300_000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash' },
      new_flow: true,
    },
  });
  return { res, email };
}

/** Opens the confirmation link of the newest confirmation e-mail sent to `email`. */
export async function confirmEmail(app: TestApp, email: string) {
  return call(app, { url: `/api/confirmation?confirmation_token=${await latestEmailToken(app, email)}` });
}
