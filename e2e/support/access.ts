import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext } from '@playwright/test';

export const DEMO_BORROWER = { email: 'borrower@payrail.test', password: 'Payrail-demo-1' } as const;

/** A state Payrail lends in (seeded reference data). */
export const DELAWARE = { id: 8, name: 'Delaware' } as const;

/**
 * Each journey is its own visitor: a distinct client address (the server sits behind a trusted proxy
 * and rate-limits sign-in, sign-up and code calls per address), for the browser and for API calls alike.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    const [a = 1, b = 1, c = 1] = randomBytes(3);
    await use({ 'x-forwarded-for': `10.${a}.${b}.${Math.max(1, c)}` });
  },
});

export { expect };

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@payrail.test`;
}

/** A fictional US mobile number (202-555-01xx). */
export function uniquePhoneDigits(): string {
  return `20255501${String(randomBytes(1)[0]! % 100).padStart(2, '0')}`;
}

interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
}

/** The newest message the sandbox providers "sent" to `to` (an e-mail or a phone number). */
export async function latestMessage(request: APIRequestContext, to: string, match?: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages = ((await res.json()) as OutboxMessage[]).filter((m) => !match || match.test(m.body)).sort((x, y) => y.id - x.id);
        found = messages[0];
        return found !== undefined;
      },
      { message: `a message to ${to}` },
    )
    .toBe(true);
  return found!;
}

export async function confirmationCode(request: APIRequestContext, email: string): Promise<string> {
  const message = await latestMessage(request, email, /confirmation code is/);
  return /confirmation code is ([A-Z0-9]{6})/.exec(message.body)![1]!;
}

export async function resetPath(request: APIRequestContext, email: string): Promise<string> {
  const message = await latestMessage(request, email, /forgot_password\//);
  return /(\/forgot_password\/[A-Za-z0-9_-]+)/.exec(message.body)![1]!;
}

export async function presignedPath(request: APIRequestContext, email: string): Promise<string> {
  const message = await latestMessage(request, email, /\/c\//);
  return /(\/c\/[A-Za-z0-9_-]+)/.exec(message.body)![1]!;
}

export async function phoneCode(request: APIRequestContext, e164: string): Promise<string> {
  const message = await latestMessage(request, e164, /verification code is/);
  return /code is (\d{6})/.exec(message.body)![1]!;
}

/** Signs an e-mail account up through the API (unconfirmed). */
export async function signUpViaApi(request: APIRequestContext, email: string, password = 'Journey-pass1'): Promise<void> {
  const res = await request.post('/api/signup', {
    data: {
      application_member: { email, password, password_confirmation: password },
      agreements: { privacy_notice: true, consent_eletronic_comunications: true },
      loan_borrower: { state_id: DELAWARE.id },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Signs up and confirms through the API; answers the session token of the confirmation. */
export async function confirmedAccountViaApi(request: APIRequestContext, email: string, password = 'Journey-pass1'): Promise<string> {
  await signUpViaApi(request, email, password);
  const code = await confirmationCode(request, email);
  const res = await request.get(`/api/confirmation?confirmation_token=${code}`);
  expect(res.status(), await res.text()).toBe(200);
  return res.headers()['authorization']!;
}

/** A borrower session through the API, for setting up state the journey does not walk through. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { application_member: { email, password } } });
  expect(res.status(), await res.text()).toBe(200);
  return res.headers()['authorization']!;
}

/** Moves a borrower on with "continue" until `status` (the classic flow's unguarded first steps). */
export async function advanceTo(request: APIRequestContext, token: string, path: readonly string[]): Promise<void> {
  for (const current of path) {
    const res = await request.post('/api/workflow/next_status', { headers: { authorization: token }, data: { current_status: current } });
    expect(res.status(), await res.text()).toBe(200);
  }
}
