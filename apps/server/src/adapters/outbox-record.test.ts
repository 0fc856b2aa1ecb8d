import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewOutboxMessage } from '../modules/platform/repository';
import { sandboxEmailTransport } from './email/sandbox';
import { smtpEmailTransport } from './email/smtp';
import { sandboxSmsTransport } from './sms/sandbox';
import { twilioSmsTransport } from './sms/twilio';

/** Issue #14 §1: what each sender leaves in the outbox. A live reset link or code must never be there, except in the dev/test sandbox. */
const LINK = 'https://pay.example/reset?token=SECRET-RESET-TOKEN-123';
const CODE = '482913';
const KEY = '6f1c2a9e-1b7e-4c1a-9a53-0d6b8c2f4e11';

function fakePlatform() {
  const rows: NewOutboxMessage[] = [];
  const record = async (m: NewOutboxMessage) => rows.push(m);
  return { rows, record };
}
const secretIn = (rows: NewOutboxMessage[]) => JSON.stringify(rows).includes('SECRET-RESET-TOKEN') || JSON.stringify(rows).includes(CODE);
const email = {
  to: 'Ann@Example.com',
  subject: 'Reset your Payrail password',
  text: `Open ${LINK}`,
  html: `<a href="${LINK}">reset</a>`,
  meta: { kind: 'password_reset', link: LINK },
};

afterEach(() => vi.restoreAllMocks());

describe('real providers record the delivery, never the body', () => {
  it('SMTP: recipient, subject, template, status and message id; no body, no html, no stray meta', async () => {
    const sendMail = vi.fn(async () => ({ messageId: '<m1@smtp>' }));
    vi.spyOn(nodemailer, 'createTransport').mockReturnValue({ sendMail } as never);
    const { rows, record } = fakePlatform();
    await smtpEmailTransport(record, 'smtp://localhost:2525', 'Payrail <no-reply@payrail.test>').deliver(email, KEY);
    // Every attempt of one message carries the same Message-ID, built from its idempotency key.
    expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ messageId: `<${KEY}@payrail>` }));
    expect(rows).toEqual([
      {
        channel: 'email',
        recipient: 'ann@example.com',
        subject: email.subject,
        body: null,
        html: null,
        provider: 'smtp',
        template: 'password_reset',
        status: 'sent',
        meta: { template: 'password_reset', provider_id: '<m1@smtp>' },
        idempotencyKey: KEY,
      },
    ]);
    expect(secretIn(rows)).toBe(false);
  });

  it('SMTP: a refused send is recorded as failed, still without the body, and the error reaches the caller', async () => {
    vi.spyOn(nodemailer, 'createTransport').mockReturnValue({ sendMail: async () => Promise.reject(new Error(`550 rejected ${LINK}`)) } as never);
    const { rows, record } = fakePlatform();
    await expect(smtpEmailTransport(record, 'smtp://localhost:2525', 'x@payrail.test').deliver(email, KEY)).rejects.toThrow('550');
    // A failed attempt's record carries no key: the later successful attempt records the message once.
    expect(rows[0]).toMatchObject({ status: 'failed', body: null, template: 'password_reset', idempotencyKey: null });
    expect(secretIn(rows)).toBe(false);
  });

  it('Twilio: number, template, status and SID; no body', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ sid: 'SM123' }), { status: 201 }));
    const { rows, record } = fakePlatform();
    await twilioSmsTransport(record, { accountSid: 'AC1', authToken: 't', from: '+15550000000' }).deliver(
      { to: '+12025550142', body: `Your code is ${CODE}`, meta: { kind: 'phone_verification' } },
      KEY,
    );
    expect(rows).toEqual([
      {
        channel: 'sms',
        recipient: '+12025550142',
        subject: null,
        body: null,
        html: null,
        provider: 'twilio',
        template: 'phone_verification',
        status: 'sent',
        meta: { template: 'phone_verification', provider_id: 'SM123' },
        idempotencyKey: KEY,
      },
    ]);
    vi.unstubAllGlobals();
  });
});

describe('the sandbox keeps bodies only in development and test', () => {
  it('keeps them when told to (the demo reads its codes)', async () => {
    const { rows, record } = fakePlatform();
    await sandboxEmailTransport(record, true).deliver(email, KEY);
    await sandboxSmsTransport(record, true).deliver({ to: '+12025550142', body: `Your code is ${CODE}` }, KEY);
    expect(rows.map((r) => r.body)).toEqual([`Open ${LINK}`, `Your code is ${CODE}`]);
    expect(rows.map((r) => r.idempotencyKey)).toEqual([KEY, KEY]);
  });

  it('records deliveries only in production (a staging install on sandboxes)', async () => {
    const { rows, record } = fakePlatform();
    await sandboxEmailTransport(record, false).deliver(email, KEY);
    await sandboxSmsTransport(record, false).deliver({ to: '+12025550142', body: `Your code is ${CODE}`, meta: { kind: 'phone_verification' } }, KEY);
    expect(rows).toHaveLength(2);
    expect(secretIn(rows)).toBe(false);
    expect(rows.map((r) => r.template)).toEqual(['password_reset', 'phone_verification']);
  });
});
