import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewOutboxMessage, PlatformRepository } from '../modules/platform/repository';
import { sandboxEmailSender } from './email/sandbox';
import { smtpEmailSender } from './email/smtp';
import { sandboxSmsSender } from './sms/sandbox';
import { twilioSmsSender } from './sms/twilio';

/** Issue #14 §1: what each sender leaves in the outbox. A live reset link or code must never be there, except in the dev/test sandbox. */
const LINK = 'https://pay.example/reset?token=SECRET-RESET-TOKEN-123';
const CODE = '482913';

function fakePlatform() {
  const rows: NewOutboxMessage[] = [];
  const platform = {
    recordOutbox: async (m: NewOutboxMessage) => (rows.push(m), { ...m, id: rows.length, createdAt: new Date() }),
  } as unknown as PlatformRepository;
  return { rows, platform };
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
    vi.spyOn(nodemailer, 'createTransport').mockReturnValue({ sendMail: async () => ({ messageId: '<m1@smtp>' }) } as never);
    const { rows, platform } = fakePlatform();
    await smtpEmailSender(platform, 'smtp://localhost:2525', 'Payrail <no-reply@payrail.test>').send(email);
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
      },
    ]);
    expect(secretIn(rows)).toBe(false);
  });

  it('SMTP: a refused send is recorded as failed, still without the body, and the error reaches the caller', async () => {
    vi.spyOn(nodemailer, 'createTransport').mockReturnValue({ sendMail: async () => Promise.reject(new Error(`550 rejected ${LINK}`)) } as never);
    const { rows, platform } = fakePlatform();
    await expect(smtpEmailSender(platform, 'smtp://localhost:2525', 'x@payrail.test').send(email)).rejects.toThrow('550');
    expect(rows[0]).toMatchObject({ status: 'failed', body: null, template: 'password_reset' });
    expect(secretIn(rows)).toBe(false);
  });

  it('Twilio: number, template, status and SID; no body', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ sid: 'SM123' }), { status: 201 }));
    const { rows, platform } = fakePlatform();
    await twilioSmsSender(platform, { accountSid: 'AC1', authToken: 't', from: '+15550000000' }).send({
      to: '+12025550142',
      body: `Your code is ${CODE}`,
      meta: { kind: 'phone_verification' },
    });
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
      },
    ]);
    vi.unstubAllGlobals();
  });
});

describe('the sandbox keeps bodies only in development and test', () => {
  it('keeps them when told to (the demo reads its codes)', async () => {
    const { rows, platform } = fakePlatform();
    await sandboxEmailSender(platform, true).send(email);
    await sandboxSmsSender(platform, true).send({ to: '+12025550142', body: `Your code is ${CODE}` });
    expect(rows.map((r) => r.body)).toEqual([`Open ${LINK}`, `Your code is ${CODE}`]);
  });

  it('records deliveries only in production (a staging install on sandboxes)', async () => {
    const { rows, platform } = fakePlatform();
    await sandboxEmailSender(platform, false).send(email);
    await sandboxSmsSender(platform, false).send({ to: '+12025550142', body: `Your code is ${CODE}`, meta: { kind: 'phone_verification' } });
    expect(rows).toHaveLength(2);
    expect(secretIn(rows)).toBe(false);
    expect(rows.map((r) => r.template)).toEqual(['password_reset', 'phone_verification']);
  });
});
